import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { REWARD_TOKENS, TOKEN_SYMBOL } from "@tube/common/constants";
import { useRef, type ReactNode, type Ref } from "react";
import { useFocusNext } from "../../../components/ui/focus-next.ts";
import type { ClaimWizard } from "../use-claim-wizard.ts";
import { StepHeading } from "./step-parts.tsx";

type ConnectStepProps = { wizard: ClaimWizard; walletOptions: ReactNode; headingRef: Ref<HTMLHeadingElement> };

export function ConnectStep({ wizard, walletOptions, headingRef }: ConnectStepProps) {
  const continueButton = useRef<HTMLButtonElement>(null);
  // A wallet connected here on another network leaves the wizard here: focus goes to Continue.
  useFocusNext(wizard.walletStatus, () => continueButton.current);
  return (
    <Stack gap="5">
      <StepHeading ref={headingRef}>Step 2: Connect Your Wallet</StepHeading>
      <Text>
        Connect your Ethereum wallet to receive {REWARD_TOKENS} {TOKEN_SYMBOL} tokens on Arbitrum. It&apos;s free: only
        your wallet address is needed.
      </Text>
      {walletOptions}
      <HStack justify="space-between">
        <Button variant="outline" onClick={wizard.back}>
          Back
        </Button>
        <Button
          ref={continueButton}
          colorPalette="red"
          onClick={() => void wizard.continueFromConnect()}
          disabled={wizard.walletStatus === "disconnected"}
        >
          Continue
        </Button>
      </HStack>
    </Stack>
  );
}
