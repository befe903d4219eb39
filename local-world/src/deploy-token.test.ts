import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintTo } from "thirdweb/extensions/erc20";
import { privateKeyToAccount } from "thirdweb/wallets";
import { ARBITRUM_ONE_CHAIN_ID } from "@tube/common/constants";
import { startAnvil } from "./anvil.ts";
import { ensureToken } from "./deploy-token.ts";
import { DEPLOYER, ENGINE_SERVER_WALLET, USERS } from "./dev-accounts.ts";
import { sendAndConfirm, tokenContract } from "./local-chain.ts";
import { balanceOf } from "./token-balance.ts";

const chainId = ARBITRUM_ONE_CHAIN_ID;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "tube-anvil-"));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("ensureToken with a persisted chain", () => {
  it("when anvil restarts from its state file, then the token and its balances are kept and not redeployed", async () => {
    const stateFile = join(dataDir, "state.json");
    const deployOptions = { chainId, deployerKey: DEPLOYER.privateKey, minter: ENGINE_SERVER_WALLET.address };
    const holder = USERS[0].address;

    const first = await startAnvil({ chainId, stateFile });
    const created = await ensureToken({ rpcUrl: first.rpcUrl, ...deployOptions });
    const contract = tokenContract(first.rpcUrl, chainId, created.address);
    const account = privateKeyToAccount({ client: contract.client, privateKey: ENGINE_SERVER_WALLET.privateKey });
    await sendAndConfirm(mintTo({ contract, to: holder, amountWei: 5n }), account);
    await first.stop();

    const second = await startAnvil({ chainId, stateFile });
    try {
      const reused = await ensureToken({ rpcUrl: second.rpcUrl, ...deployOptions, knownAddress: created.address });
      expect(created.deployed).toBe(true);
      expect(reused).toEqual({ address: created.address, deployed: false });
      expect(await balanceOf(second.rpcUrl, chainId, reused.address, holder)).toBe(5n);
    } finally {
      await second.stop();
    }
  });

  it("when the known address has no code (a fresh chain), then a new token is deployed", async () => {
    const anvil = await startAnvil({ chainId });
    try {
      const result = await ensureToken({
        rpcUrl: anvil.rpcUrl,
        chainId,
        deployerKey: DEPLOYER.privateKey,
        minter: ENGINE_SERVER_WALLET.address,
        knownAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      });
      expect(result.deployed).toBe(true);
    } finally {
      await anvil.stop();
    }
  });
});
