import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { REWARD_TOKENS, TOKEN_SYMBOL } from "@tube/common/constants";
import type { Ref } from "react";
import { WalletOptions } from "../../wallet/components/wallet-options.tsx";
import { useWalletState } from "../../wallet/wallet-state.tsx";
import type { ClaimWizard } from "../use-claim-wizard.ts";
import { StepHeading } from "./step-heading.tsx";

export function ConnectStep({ wizard, headingRef }: { wizard: ClaimWizard; headingRef: Ref<HTMLHeadingElement> }) {
  const { isConnected } = useWalletState();
  return (
    <Stack gap="5">
      <StepHeading ref={headingRef}>Step 2: Connect Your Wallet</StepHeading>
      <Text>
        Connect your Ethereum wallet to receive {REWARD_TOKENS} {TOKEN_SYMBOL} tokens on Arbitrum. It&apos;s free: only your
        wallet address is needed.
      </Text>
      <WalletOptions />
      <HStack justify="space-between">
        <Button variant="outline" onClick={wizard.back}>
          Back
        </Button>
        <Button colorPalette="red" onClick={() => void wizard.continueFromConnect()} disabled={!isConnected}>
          Continue
        </Button>
      </HStack>
    </Stack>
  );
}
