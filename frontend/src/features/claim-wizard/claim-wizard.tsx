import { Card, Container, Stack, VisuallyHidden } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import { usePublicConfig } from "../../lib/public-config.tsx";
import { useGoogleAuth } from "../google-auth/use-google-auth.ts";
import { useWalletState } from "../wallet/wallet-state.tsx";
import { activityLabel } from "./activity-label.ts";
import { ConnectStep } from "./components/connect-step.tsx";
import { DoneStep } from "./components/done-step.tsx";
import { MintStep } from "./components/mint-step.tsx";
import { StepIndicator } from "./components/step-indicator.tsx";
import { SubscribeStep } from "./components/subscribe-step.tsx";
import { SuccessDialog } from "./components/success-dialog.tsx";
import { WizardHeader } from "./components/wizard-header.tsx";
import { useClaimWizard } from "./use-claim-wizard.ts";
import { STEP_LABELS } from "./wizard-state.ts";

function reloadWindow() {
  window.location.reload();
}

/** The /claim wizard (spec §2). Needs a WalletStateContext provider and the public config above it. */
export function ClaimWizard({ reloadPage = reloadWindow }: { reloadPage?: () => void }) {
  const { explorerUrl } = usePublicConfig();
  const wallet = useWalletState();
  const google = useGoogleAuth();
  const wizard = useClaimWizard({ wallet, google, reloadPage });
  const { state } = wizard;
  const headingRef = useStepFocus(state.step, state.successDialogOpen);

  return (
    <Container maxWidth="md" paddingY={{ base: "4", md: "10" }} paddingX={{ base: "3", sm: "4" }}>
      <Card.Root>
        <Card.Header>
          <Stack gap="5">
            <WizardHeader onReset={() => void wizard.reset()} />
            <StepIndicator step={state.step} />
          </Stack>
        </Card.Header>
        <Card.Body>
          {state.step === 0 && <SubscribeStep wizard={wizard} google={google} headingRef={headingRef} />}
          {state.step === 1 && <ConnectStep wizard={wizard} headingRef={headingRef} />}
          {state.step === 2 && <MintStep wizard={wizard} headingRef={headingRef} />}
          {state.step === 3 && state.txHash && (
            <DoneStep
              txHash={state.txHash}
              recipient={wallet.address}
              explorerUrl={explorerUrl}
              onStartOver={wizard.startOver}
              headingRef={headingRef}
            />
          )}
        </Card.Body>
      </Card.Root>
      <VisuallyHidden aria-live="polite" role="status">
        <span>
          Step {state.step + 1} of {STEP_LABELS.length}: {STEP_LABELS[state.step]}
        </span>{" "}
        <span>{activityLabel(state)}</span>
      </VisuallyHidden>
      <SuccessDialog
        open={state.successDialogOpen}
        txHash={state.txHash}
        explorerUrl={explorerUrl}
        onClose={wizard.closeDialog}
        returnFocusRef={headingRef}
      />
    </Container>
  );
}

/** After a step change (not on first render) focus moves to the new step's heading, unless the dialog takes it. */
function useStepFocus(step: number, dialogOpen: boolean) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousStep = useRef(step);
  useEffect(() => {
    if (previousStep.current === step) return;
    previousStep.current = step;
    if (!dialogOpen) headingRef.current?.focus();
  }, [step, dialogOpen]);
  return headingRef;
}
