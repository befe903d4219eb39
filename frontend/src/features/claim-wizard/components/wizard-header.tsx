import { Button, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import { REWARD_TOKENS, TOKEN_SYMBOL } from "@tube/common/constants";
import { useId, type ReactNode } from "react";

/** The title on its own line (the wallet slot grows), and what Reset does said before it is pressed. */
export function WizardHeader({
  onReset,
  resetting,
  walletIndicator,
}: {
  onReset: () => void;
  resetting: boolean;
  walletIndicator: ReactNode;
}) {
  const effectId = useId();
  return (
    <Stack gap="3">
      <Heading as="h1" size="lg">
        Claim {REWARD_TOKENS} {TOKEN_SYMBOL}
      </Heading>
      <Flex gap="2" align="center" justify="space-between" minHeight="8" whiteSpace="nowrap">
        <Button
          size="sm"
          variant="outline"
          onClick={onReset}
          loading={resetting}
          loadingText="Resetting..."
          aria-describedby={effectId}
        >
          Reset
        </Button>
        {walletIndicator}
      </Flex>
      <Text id={effectId} fontSize="xs" color="fg.muted">
        Reset signs out of Google and clears your progress. Your wallet stays connected.
      </Text>
    </Stack>
  );
}
