import { Box, Button, Card, Container, Flex, Heading, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { REWARD_TOKENS, TOKEN_SYMBOL } from "@tube/common/constants";
import { Suspense, useEffect, useId, useRef } from "react";
import { lazyOrElse } from "../../lib/lazy-or-else.ts";
import { ConnectStep } from "./components/connect-step.tsx";
import { DoneStep } from "./components/done-step.tsx";
import { MintStep } from "./components/mint-step.tsx";
import { StepIndicator } from "./components/step-indicator.tsx";
import { LabelledProgress } from "./components/step-parts.tsx";
import { SubscribeStep } from "./components/subscribe-step.tsx";
import type { WizardGoogle, WizardSlots, WizardWallet } from "./ports.ts";
import { useClaimWizard } from "./use-claim-wizard.ts";
import { activityLabel, STEP_LABELS } from "./wizard-state.ts";

/** Not in /claim's first download; if it fails, Done and the toast still tell. */
const SuccessDialog = lazyOrElse(
  () => import("./components/success-dialog.tsx").then((module) => module.SuccessDialog),
  () => null,
);
/** From this step on the dialog is mounted: its code downloads while the mint runs. */
const MINT_STEP = STEP_LABELS.indexOf("Mint");

interface ClaimWizardProps {
  wallet: WizardWallet;
  google: WizardGoogle;
  slots: WizardSlots;
  /** Injected so tests can watch Reset and Start Over reload the page. */
  reloadPage?: () => void;
}

export function ClaimWizard({ wallet, google, slots, reloadPage = () => window.location.reload() }: ClaimWizardProps) {
  const wizard = useClaimWizard({ wallet, google, reloadPage });
  const { state } = wizard;
  const resetEffectId = useId();
  // On a step change (not the first render) focus moves to its heading, unless the dialog takes it.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousStep = useRef(state.step);
  const firstStep = useRef(state.step);
  useEffect(() => {
    if (previousStep.current === state.step) return;
    previousStep.current = state.step;
    if (!state.successDialogOpen) headingRef.current?.focus();
  }, [state.step, state.successDialogOpen]);

  return (
    <Container maxWidth="md" paddingY={{ base: "4", md: "10" }} paddingX={{ base: "3", sm: "4" }}>
      <Card.Root>
        <Card.Header>
          <Stack gap="5">
            {/* Title on its own line (the wallet slot grows); what Reset does is said before it is pressed. */}
            <Stack gap="3">
              <Heading as="h1" size="lg">
                Claim {REWARD_TOKENS} {TOKEN_SYMBOL}
              </Heading>
              <Flex gap="2" align="center" justify="space-between" minHeight="8" whiteSpace="nowrap">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={wizard.reset}
                  loading={state.resetting}
                  loadingText="Resetting..."
                  aria-describedby={resetEffectId}
                >
                  Reset
                </Button>
                {slots.walletIndicator}
              </Flex>
              <Text id={resetEffectId} fontSize="xs" color="fg.muted">
                Reset signs out of Google and clears your progress. Your wallet stays connected.
              </Text>
            </Stack>
            <StepIndicator step={state.step} />
          </Stack>
        </Card.Header>
        <Card.Body>
          {/* A new step rises into place; the step shown on arrival does not move. */}
          <Box
            key={state.step}
            css={{ "--slide-from-bottom-distance": "12px" }}
            animation={
              state.step === firstStep.current ? undefined : "fade-in 0.25s ease-out, slide-from-bottom 0.25s ease-out"
            }
          >
            {state.step === 0 && (
              <SubscribeStep
                wizard={wizard}
                googleAuthorized={google.auth !== null}
                slots={slots}
                headingRef={headingRef}
              />
            )}
            {state.step === 1 && (
              <ConnectStep wizard={wizard} walletOptions={slots.walletOptions} headingRef={headingRef} />
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
          </Box>
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
