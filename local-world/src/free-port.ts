import { createServer } from "node:net";
import { listen } from "./stand-in.ts";

/** A TCP port on 127.0.0.1 that was free a moment ago (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = await listen(createServer());
  await server.stop();
  return server.port;
}
