import { Alert, Button, Field, Input, Stack } from "@chakra-ui/react";
import { useRef, type Ref } from "react";
import { DescribedButton } from "../../../components/ui/described-button.tsx";
import { ExternalLink } from "../../../components/ui/external-link.tsx";
import { useFocusNext } from "../../../components/ui/focus-next.ts";
import { youtubeSubscribeUrl } from "../../../lib/format.ts";
import { usePublicConfig } from "../../../lib/public-config.tsx";
import { TOASTS } from "../claim-messages.ts";
import { activityLabel, VERIFY_CHECKPOINTS } from "../wizard-state.ts";
import type { WizardSlots } from "../ports.ts";
import type { ClaimWizard } from "../use-claim-wizard.ts";
import { LabelledProgress, StepHeading, StepSection } from "./step-parts.tsx";

interface SubscribeStepProps {
  wizard: ClaimWizard;
  googleAuthorized: boolean;
  slots: Pick<WizardSlots, "googleConnect" | "walletPanel">;
  headingRef: Ref<HTMLHeadingElement>;
}

export function SubscribeStep({ wizard, googleAuthorized, slots, headingRef }: SubscribeStepProps) {
  const { youtubeChannelId } = usePublicConfig();
  const { state } = wizard;
  const verifying = state.activity === "verifying";
  const googlePart = useRef<HTMLDivElement>(null);
  const walletPart = useRef<HTMLDivElement>(null);
  const usernameField = useRef<HTMLInputElement>(null);
  const verifyButton = useRef<HTMLButtonElement>(null);
  // After Google's popup or a wallet's answer, on to the first thing still to do.
  useFocusNext(`${googleAuthorized && !wizard.isAuthorizingGoogle} ${wizard.walletStatus}`, () => {
    if (!googleAuthorized) return googlePart.current?.querySelector<HTMLElement>("button:enabled");
    if (state.youtubeUsername.trim() === "") return usernameField.current;
    if (wizard.walletStatus !== "ready") return walletPart.current?.querySelector<HTMLElement>("button:enabled");
    return verifyButton.current;
  });

  // Verify stays disabled until it has all it needs, naming what is missing in its toast's words.
  const missing = !googleAuthorized
    ? TOASTS.verifyAuthRequired
    : state.youtubeUsername.trim() === ""
      ? TOASTS.usernameRequired
      : wizard.walletStatus === "disconnected"
        ? TOASTS.walletRequired
        : undefined;
  // The server reads the username only for an unsubscribed account: only then does the hint hold.
  const usernameHelps = state.activity === "idle" && state.progress === VERIFY_CHECKPOINTS.notSubscribed;

  return (
    <Stack gap="5">
      <StepHeading ref={headingRef}>Step 1: Subscribe &amp; Verify</StepHeading>
      <Button asChild variant="outline" width="full">
        <ExternalLink unstyled href={youtubeSubscribeUrl(youtubeChannelId)}>
          Subscribe to the channel on YouTube
        </ExternalLink>
      </Button>
      <Stack
        as="form"
        gap="5"
        onSubmit={(event) => {
          event.preventDefault();
          if (wizard.canVerify) void wizard.verify();
        }}
      >
        <StepSection title="Verify your subscription">
          <div ref={googlePart}>{slots.googleConnect}</div>
          <Field.Root disabled={!googleAuthorized || verifying}>
            <Field.Label>Enter your YouTube username</Field.Label>
            <Input
              ref={usernameField}
              value={state.youtubeUsername}
              onChange={(event) => wizard.setUsername(event.target.value)}
              placeholder="Your YouTube Channel Name"
              autoComplete="off"
              spellCheck={false}
            />
            {usernameHelps && <Field.HelperText>This helps us verify your subscription status</Field.HelperText>}
          </Field.Root>
        </StepSection>
        <StepSection title="Your wallet for the tokens">
          <div ref={walletPart}>{slots.walletPanel}</div>
        </StepSection>
        <DescribedButton
          ref={verifyButton}
          type="submit"
          colorPalette="red"
          width="full"
          disabled={!wizard.canVerify}
          description={verifying ? undefined : missing?.description}
        >
          Verify My Subscription
        </DescribedButton>
        {verifying && <LabelledProgress label={activityLabel(state)} value={state.progress} />}
      </Stack>
      <Alert.Root status="neutral" variant="subtle">
        <Alert.Indicator />
        <Alert.Description>
          Complete all steps to claim: subscribe to the channel, authorize with Google, connect your wallet and enter
          your YouTube username.
        </Alert.Description>
      </Alert.Root>
    </Stack>
  );
}
