import { Button, Flex, Heading, HStack } from "@chakra-ui/react";
import { REWARD_TOKENS, TOKEN_SYMBOL } from "@tube/common/constants";
import { WalletIndicator } from "../../wallet/components/wallet-indicator.tsx";

export function WizardHeader({ onReset }: { onReset: () => void }) {
  return (
    <Flex gap="3" wrap="wrap" align="center" justify="space-between">
      <Heading as="h1" size="lg">
        Claim {REWARD_TOKENS} {TOKEN_SYMBOL}
      </Heading>
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={onReset}>
          Reset
        </Button>
        <WalletIndicator />
      </HStack>
    </Flex>
  );
}
