import {
  createThirdwebClient,
  defineChain,
  eth_getTransactionReceipt,
  getContract,
  getRpcClient,
  sendTransaction,
  type PreparedTransaction,
  type ThirdwebClient,
} from "thirdweb";
import type { Chain } from "thirdweb/chains";
import type { Account } from "thirdweb/wallets";

export type Receipt = Awaited<ReturnType<typeof eth_getTransactionReceipt>>;

const RECEIPT_POLL_MS = 50;
const RECEIPT_TIMEOUT_MS = 60_000;

/** thirdweb handles for a local chain (the latest definition for a chain id wins). */
export function localChain(rpcUrl: string, chainId: number) {
  return { client: createThirdwebClient({ clientId: "local" }), chain: defineChain({ id: chainId, rpc: rpcUrl }) };
}

export function tokenContract(rpcUrl: string, chainId: number, address: string) {
  return getContract({ ...localChain(rpcUrl, chainId), address });
}

/** The receipt once mined; rejects when it reverts. */
export async function sendAndConfirm(transaction: PreparedTransaction, account: Account) {
  const { transactionHash, client, chain } = await sendTransaction({ transaction, account });
  const receipt = await receiptOf({ client, chain }, transactionHash);
  if (receipt.status !== "success") throw new Error(`transaction ${transactionHash} reverted`);
  return receipt;
}

/** By RPC URL: thirdweb's waitForReceipt polls the first URL it saw for a chain id. */
export async function receiptOf(handles: { client: ThirdwebClient; chain: Chain }, hash: `0x${string}`) {
  const request = getRpcClient(handles);
  const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
  for (;;) {
    try {
      return await eth_getTransactionReceipt(request, { hash });
    } catch (error) {
      if (!String(error).includes("receipt not found") || Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS));
  }
}
