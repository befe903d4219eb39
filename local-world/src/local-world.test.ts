import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startAnvil } from "./anvil.ts";
import { ENGINE_SERVER_WALLET } from "./dev-accounts.ts";
import { startLocalWorld } from "./local-world.ts";

describe("the local world against an outside RPC", () => {
  it("when RPC_URL is set and ENGINE_URL is not, then no chain is started and the Engine stand-in runs against that RPC", async () => {
    const outside = await startAnvil({ chainId: 421614 });
    // A Google client of its own: no Google stand-in either, so the Engine stand-in is all that starts.
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tube-world-"));
    const world = await startLocalWorld({
      RPC_URL: outside.rpcUrl,
      CHAIN_ID: "421614",
      GOOGLE_CLIENT_ID: "own",
      DATA_DIR: dataDir,
    });
    try {
      expect(world.started.chain).toBeUndefined();
      expect(world.env.RPC_URL).toBe(outside.rpcUrl);
      expect(world.env.ENGINE_URL).toBe(world.started.engine?.url);
      expect(world.env.ENGINE_SERVER_WALLET).toBe(ENGINE_SERVER_WALLET.address);
    } finally {
      await world.stop();
      await outside.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
