import { Button, Stack, Text } from "@chakra-ui/react";
import { TOKEN_SYMBOL } from "@tube/common/constants";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CopyableValue } from "../../../components/ui/copyable-value.tsx";
import { usePublicConfig } from "../../../lib/public-config.tsx";
import { formatTokens, readTokenBalance } from "../token-balance.ts";
import { useWalletState } from "../wallet-state.tsx";

/** Ask the wallet to list TuBE (EIP-747); one that cannot be asked sees its balance and the address. */
export function AddTokenButton() {
  const { addToken, address } = useWalletState();
  const [outcome, setOutcome] = useState<"idle" | "asking" | "added" | "declined">("idle");
  if (!addToken)
    return address ? (
      <Stack gap="2" alignItems="center">
        <TokenBalance holder={address} />
        <AddByHand />
      </Stack>
    ) : null;
  if (outcome === "added") return <Text color="fg.muted">{TOKEN_SYMBOL} is now in your wallet&apos;s token list.</Text>;

  const ask = () => {
    setOutcome("asking");
    addToken().then(
      (added) => setOutcome(added ? "added" : "declined"),
      () => setOutcome("declined"),
    );
  };

  return (
    <Stack gap="2" alignItems="center">
      <Button
        variant="outline"
        colorPalette="blue"
        loading={outcome === "asking"}
        loadingText="Confirm in your wallet"
        onClick={ask}
      >
        Add {TOKEN_SYMBOL} to your wallet
      </Button>
      {outcome === "declined" && <AddByHand declined />}
    </Stack>
  );
}

function AddByHand({ declined = false }) {
  const { tokenAddress } = usePublicConfig();
  return (
    <Stack gap="1" alignItems="center" role={declined ? "status" : undefined}>
      <Text>
        {declined ? `The wallet did not add ${TOKEN_SYMBOL}. ` : ""}You can add it by hand with the token address:
      </Text>
      <CopyableValue value={tokenAddress} label="token address" />
    </Stack>
  );
}

function TokenBalance({ holder }: { holder: string }) {
  const { rpcUrl, tokenAddress } = usePublicConfig();
  const balance = useQuery({
    queryKey: ["token-balance", tokenAddress, holder],
    queryFn: ({ signal }) => readTokenBalance({ rpcUrl, tokenAddress, holder, signal }),
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
