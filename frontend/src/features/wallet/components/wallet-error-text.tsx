import { Text } from "@chakra-ui/react";
import { useWalletState } from "../wallet-state.tsx";

/** The last connect, sign-in or disconnect failure, in red (spec §8, embedded wallet). */
export function WalletErrorText() {
  const { error } = useWalletState();
  if (!error) return null;
  return (
    <Text role="alert" color="fg.error" fontSize="sm">
      {error}
    </Text>
  );
}
