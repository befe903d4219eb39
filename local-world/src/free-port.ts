import { createServer } from "node:net";
import { listen } from "./stand-in.ts";

/** A port on 127.0.0.1 free a moment ago, below Linux's ephemeral range so no outgoing connection takes it meanwhile. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const server = await listen(createServer(), port).catch(() => null);
    if (!server) continue;
    await server.stop();
    return port;
  }
}
