import { Card, Container, Stack, VisuallyHidden } from "@chakra-ui/react";
import { Suspense, useEffect, useRef } from "react";
import { lazyOrElse } from "../../lib/lazy-or-else.ts";
import { ConnectStep } from "./components/connect-step.tsx";
import { DoneStep } from "./components/done-step.tsx";
import { MintStep } from "./components/mint-step.tsx";
import { StepIndicator } from "./components/step-indicator.tsx";
import { LabelledProgress, StepTransition } from "./components/step-parts.tsx";
import { SubscribeStep } from "./components/subscribe-step.tsx";
import { WizardHeader } from "./components/wizard-header.tsx";
import type { WizardGoogle, WizardSlots, WizardWallet } from "./ports.ts";
import { useClaimWizard } from "./use-claim-wizard.ts";
import { activityLabel, STEP_LABELS } from "./wizard-state.ts";

/** Not in /claim's first download; should it fail, the Done step and the toast still tell. */
const SuccessDialog = lazyOrElse(
  () => import("./components/success-dialog.tsx").then((module) => module.SuccessDialog),
  () => null,
);
/** From this step on the dialog is mounted: its code downloads while the mint runs. */
const MINT_STEP = STEP_LABELS.indexOf("Mint");

export interface ClaimWizardProps {
  wallet: WizardWallet;
  google: WizardGoogle;
  slots: WizardSlots;
  /** Injected so tests can watch Reset and Start Over reload the page. */
  reloadPage?: () => void;
}

export function ClaimWizard({ wallet, google, slots, reloadPage = () => window.location.reload() }: ClaimWizardProps) {
  const wizard = useClaimWizard({ wallet, google, reloadPage });
  const { state } = wizard;
  const headingRef = useStepFocus(state.step, state.successDialogOpen);

  return (
    <Container maxWidth="md" paddingY={{ base: "4", md: "10" }} paddingX={{ base: "3", sm: "4" }}>
      <Card.Root>
        <Card.Header>
          <Stack gap="5">
            <WizardHeader onReset={wizard.reset} resetting={state.resetting} walletIndicator={slots.walletIndicator} />
            <StepIndicator step={state.step} />
          </Stack>
        </Card.Header>
        <Card.Body>
          <StepTransition step={state.step}>
            {state.step === 0 && (
              <SubscribeStep
                wizard={wizard}
                googleAuthorized={google.auth !== null}
                slots={slots}
                headingRef={headingRef}
              />
            )}
            {state.step === 1 && (
              <ConnectStep
                wizard={wizard}
                walletConnected={wallet.isConnected}
                walletOptions={slots.walletOptions}
                headingRef={headingRef}
              />
            )}
            {state.step === 2 && <MintStep wizard={wizard} headingRef={headingRef} />}
            {/* After a reload Done waits for the server's word on its claim. */}
            {state.step === 3 && !state.txHash && (
              <LabelledProgress label={activityLabel(state)} value={state.progress} />
            )}
            {state.step === 3 && state.txHash && (
              <DoneStep
                txHash={state.txHash}
                state={state}
                addToken={slots.addToken}
                onStartOver={wizard.startOver}
                headingRef={headingRef}
              />
            )}
          </StepTransition>
        </Card.Body>
      </Card.Root>
      <VisuallyHidden aria-live="polite" role="status">
        <span>
          Step {state.step + 1} of {STEP_LABELS.length}: {STEP_LABELS[state.step]}
        </span>{" "}
        <span>{activityLabel(state)}</span>
      </VisuallyHidden>
      {(state.step >= MINT_STEP || state.successDialogOpen) && (
        <Suspense fallback={null}>
          <SuccessDialog
            open={state.successDialogOpen}
            txHash={state.txHash}
            recipient={state.recipient}
            onClose={wizard.closeDialog}
            returnFocusRef={headingRef}
          />
        </Suspense>
      )}
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
