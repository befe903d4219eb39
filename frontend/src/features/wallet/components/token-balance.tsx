import { Text } from "@chakra-ui/react";
import { TOKEN_SYMBOL } from "@tube/common/constants";
import { useQuery } from "@tanstack/react-query";
import { usePublicConfig } from "../../../lib/public-config.tsx";
import { formatTokens, readTokenBalance } from "../token-balance.ts";

/**
 * The wallet's TuBE balance, for a wallet the page cannot ask to list the token (the embedded wallet has no token
 * list of its own to open): the visitor sees the reward arrived without leaving the page.
 */
export function TokenBalance({ holder }: { holder: string }) {
  const { rpcUrl, tokenAddress } = usePublicConfig();
  const balance = useQuery({
    queryKey: ["token-balance", tokenAddress, holder],
    queryFn: ({ signal }) => readTokenBalance({ rpcUrl, tokenAddress, holder, signal }),
    // A dropped read is tried twice more, half a second apart, before the visitor is pointed elsewhere.
    retry: 2,
    retryDelay: 500,
  });
  return (
    <Text role="status" color={balance.isError ? "fg.muted" : undefined}>
      {balance.isPending && `Reading your wallet's ${TOKEN_SYMBOL} balance…`}
      {balance.isSuccess && `The connected wallet holds ${formatTokens(balance.data)} ${TOKEN_SYMBOL}.`}
      {balance.isError &&
        `Your wallet's ${TOKEN_SYMBOL} balance could not be read just now; the transaction link shows the transfer.`}
    </Text>
  );
}
