import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ThirdwebContract } from "thirdweb";
import { name, symbol } from "thirdweb/extensions/common";
import { decimals, mintTo } from "thirdweb/extensions/erc20";
import { grantRole, hasRole } from "thirdweb/extensions/permissions";
import { privateKeyToAccount } from "thirdweb/wallets";
import { ARBITRUM_ONE_CHAIN_ID } from "@tube/common/constants";
import type { RunningAnvil } from "@tube/local-world/anvil";
import { tokenRoleHolders, type TokenDeployment } from "@tube/local-world/deploy-token";
import { DEPLOYER, ENGINE_SERVER_WALLET, USERS, type DevAccount } from "@tube/local-world/dev-accounts";
import { sendAndConfirm, tokenContract } from "@tube/local-world/local-chain";
import { startDeployedChain } from "@tube/local-world/test/deployed-chain";
import { balanceOf } from "@tube/local-world/test/chain-reads";

const chainId = ARBITRUM_ONE_CHAIN_ID;
let anvil: RunningAnvil;
let deployment: TokenDeployment;
let token: ThirdwebContract;

const asAccount = (account: DevAccount) =>
  privateKeyToAccount({ client: token.client, privateKey: account.privateKey });
const mint = (by: DevAccount, to: string, amountWei: bigint) =>
  sendAndConfirm(mintTo({ contract: token, to, amountWei }), asAccount(by));
const balance = (owner: string) => balanceOf(anvil.rpcUrl, chainId, token.address, owner);

beforeAll(async () => {
  ({ anvil, deployment } = await startDeployedChain(chainId));
  token = tokenContract(anvil.rpcUrl, chainId, deployment.tokenAddress);
});

afterAll(async () => {
  await anvil?.stop();
});

describe("TuBE token", () => {
  it("when deployed, then it is named TuBE with 18 decimals, the deployer is admin and only the rewards contract mints", async () => {
    expect(await name({ contract: token })).toBe("TuBE");
    expect(await symbol({ contract: token })).toBe("TuBE");
    expect(await decimals({ contract: token })).toBe(18);
    expect(await hasRole({ contract: token, role: "admin", targetAccountAddress: DEPLOYER.address })).toBe(true);
    // The token lists its role holders itself: exactly these, no others.
    expect(await tokenRoleHolders(token)).toEqual({
      minters: [deployment.rewardsAddress],
      admins: [DEPLOYER.address.toLowerCase()],
    });
    const minters = [deployment.rewardsAddress, DEPLOYER.address, ENGINE_SERVER_WALLET.address];
    const held = await Promise.all(
      minters.map((account) => hasRole({ contract: token, role: "minter", targetAccountAddress: account })),
    );
    expect(held).toEqual([true, false, false]);
  });

  it("when an account without MINTER_ROLE calls mintTo, then it reverts, even for the admin", async () => {
    const to = USERS[1].address;
    await expect(mint(DEPLOYER, to, 1n)).rejects.toThrow();
    await expect(mint(USERS[1], to, 1n)).rejects.toThrow();
    expect(await balance(to)).toBe(0n);
  });

  it("when the admin grants MINTER_ROLE, then the grantee can mint and the token lists it among its minters", async () => {
    const grantee = USERS[2];
    await sendAndConfirm(
      grantRole({ contract: token, role: "minter", targetAccountAddress: grantee.address }),
      asAccount(DEPLOYER),
    );
    await mint(grantee, grantee.address, 7n);
    expect(await balance(grantee.address)).toBe(7n);
    expect((await tokenRoleHolders(token)).minters).toEqual([deployment.rewardsAddress, grantee.address.toLowerCase()]);
  });

  it("when a non-admin grants MINTER_ROLE, then it reverts", async () => {
    const outsider = USERS[3];
    const transaction = grantRole({ contract: token, role: "minter", targetAccountAddress: outsider.address });
    await expect(sendAndConfirm(transaction, asAccount(outsider))).rejects.toThrow();
    expect(await hasRole({ contract: token, role: "minter", targetAccountAddress: outsider.address })).toBe(false);
  });
});
