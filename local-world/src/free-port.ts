import { createServer } from "node:net";
import { listen } from "./stand-in.ts";

// Each vitest worker picks from its own 500 ports, so two test files never take the same port between its pick
// and its bind; everything else picks from the rest. All below Linux's ephemeral range.
const slot = Number(process.env.VITEST_POOL_ID) || 0;
const [lowest, count] = slot ? [26_000 + ((slot - 1) % 12) * 500, 500] : [20_000, 6000];
const handedOut = new Set<number>();

/** A port on 127.0.0.1 free a moment ago and not handed out before by this process. */
export async function freePort() {
  for (;;) {
    const port = lowest + Math.floor(Math.random() * count);
    if (handedOut.has(port)) continue;
    const server = await listen(createServer(), port).catch(() => null);
    if (!server) continue;
    await server.stop();
    handedOut.add(port);
    return port;
  }
}
