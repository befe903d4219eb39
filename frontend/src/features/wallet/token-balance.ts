import { TOKEN_DECIMALS } from "@tube/common/constants";

type BalanceQuery = { rpcUrl: string; tokenAddress: string; holder: string; signal?: AbortSignal };

const BALANCE_OF = "0x70a08231";

/** The holder's TuBE balance by one `eth_call`: no wallet is asked, no thirdweb code loads. */
export async function readTokenBalance({ rpcUrl, tokenAddress, holder, signal }: BalanceQuery) {
  const data = BALANCE_OF + holder.toLowerCase().replace(/^0x/, "").padStart(64, "0");
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_call", params: [{ to: tokenAddress, data }, "latest"] }),
    signal,
  });
  if (!response.ok) throw new Error(`The RPC answered ${response.status}`);
  const answer = (await response.json()) as { result?: unknown; error?: { message?: string } };
  if (typeof answer.result !== "string" || !/^0x[0-9a-fA-F]*$/.test(answer.result))
    throw new Error(answer.error?.message ?? "The RPC gave no balance");
  return BigInt(answer.result === "0x" ? 0 : answer.result);
}

/** A token amount in whole TuBE, with at most four decimals: 250, 250.5. */
export function formatTokens(amount: bigint) {
  const unit = 10n ** BigInt(TOKEN_DECIMALS);
  const whole = amount / unit;
  const fraction = ((amount % unit) * 10_000n) / unit;
  if (fraction === 0n) return whole.toLocaleString("en-US");
  return `${whole.toLocaleString("en-US")}.${fraction.toString().padStart(4, "0").replace(/0+$/, "")}`;
}
