import { createServer } from "node:net";
import { listen } from "./stand-in.ts";

/**
 * A TCP port on 127.0.0.1 that was free a moment ago. It is picked below Linux's ephemeral range (32768–60999), from
 * which the OS hands out the local ports of outgoing connections: under a busy test run one of those took a port
 * between its pick and its server's listen.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const server = await listen(createServer(), port).catch(() => null);
    if (!server) continue;
    await server.stop();
    return port;
  }
}
