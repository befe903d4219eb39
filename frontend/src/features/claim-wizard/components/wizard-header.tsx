import { Button, Flex, Heading, HStack } from "@chakra-ui/react";
import { REWARD_TOKENS, TOKEN_SYMBOL } from "@tube/common/constants";
import type { ReactNode } from "react";

export function WizardHeader({
  onReset,
  resetting,
  walletIndicator,
}: {
  onReset: () => void;
  resetting: boolean;
  walletIndicator: ReactNode;
}) {
  return (
    <Flex gap="3" wrap="wrap" align="center" justify="space-between">
      <Heading as="h1" size="lg">
        Claim {REWARD_TOKENS} {TOKEN_SYMBOL}
      </Heading>
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={onReset} loading={resetting} loadingText="Resetting...">
          Reset
        </Button>
        {walletIndicator}
      </HStack>
    </Flex>
  );
}
