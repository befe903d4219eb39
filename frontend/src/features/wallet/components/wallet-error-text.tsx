import { Text } from "@chakra-ui/react";
import { useWalletState } from "../wallet-state.tsx";

/** The last connect, sign-in or disconnect failure, in red (docs/product.md#embedded-wallet-inline-errors). */
export function WalletErrorText() {
  const { error } = useWalletState();
  if (!error) return null;
  return (
    <Text role="alert" color="fg.error" fontSize="sm">
      {error}
    </Text>
  );
}
