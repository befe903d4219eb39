import { Alert, Box, Button, DataList, HStack, Stack, Text } from "@chakra-ui/react";
import { REWARD_TOKENS } from "@tube/common/constants";
import { ERROR_CATALOGUE, mintFailureText } from "@tube/common/errors";
import type { Ref } from "react";
import { activityLabel } from "../wizard-state.ts";
import type { ClaimWizard } from "../use-claim-wizard.ts";
import { LabelledProgress, StepHeading } from "./step-parts.tsx";

interface Row {
  label: string;
  value: string;
  /** Unset: nothing to judge yet. */
  ok?: boolean;
  fix?: { label: string; run: () => Promise<void> };
}

function rowsOf(wizard: ClaimWizard): Row[] {
  const { walletStatus } = wizard;
  const restoring = wizard.isWalletRestoring;
  return [
    { label: "Subscription Status", value: "Verified", ok: true },
    walletStatus === "disconnected"
      ? {
          label: "Wallet Connected",
          value: restoring ? "Reconnecting..." : "Not connected",
          ok: false,
          ...(restoring ? {} : { fix: { label: "Connect Wallet to Claim Tokens", run: wizard.connectWallet } }),
        }
      : { label: "Wallet Connected", value: "Ready", ok: true },
    walletStatus === "wrongNetwork"
      ? {
          label: "Network",
          value: "Wrong Network",
          ok: false,
          fix: { label: "Switch to Arbitrum Network", run: wizard.switchNetwork },
        }
      : // No wallet, no network to report.
        { label: "Network", ...(walletStatus === "ready" ? { value: "Arbitrum", ok: true } : { value: "—" }) },
  ];
}

export function MintStep({ wizard, headingRef }: { wizard: ClaimWizard; headingRef: Ref<HTMLHeadingElement> }) {
  const { state } = wizard;
  const minting = state.activity === "minting";
  const onHold = state.failedClaim === "onHold" && !minting;
  // An unknown reason adds nothing to what the step already says.
  const reason = mintFailureText(state.failureReason);
  const rows = rowsOf(wizard);
  return (
    <Stack gap="5">
      <StepHeading ref={headingRef}>Step 3: Claim Your Tokens</StepHeading>
      <Box textAlign="center" bg="red.subtle" rounded="lg" padding="5">
        <Text fontSize="sm" color="fg.muted">
          Token Reward
        </Text>
        <Text fontSize="4xl" fontWeight="bold">
          {REWARD_TOKENS}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          On Arbitrum Network
        </Text>
      </Box>
      <DataList.Root orientation="horizontal" size="sm">
        {rows.map(({ label, value, ok }) => (
          <DataList.Item key={label} justifyContent="space-between">
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue
              justifyContent="flex-end"
              color={ok ? "green.fg" : ok === false ? "fg.error" : "fg.muted"}
              fontWeight="semibold"
            >
              {value}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      {!minting &&
        rows.map(
          ({ label, fix }) =>
            fix && (
              <Button key={label} colorPalette="yellow" variant="solid" onClick={() => void fix.run()}>
                {fix.label}
              </Button>
            ),
        )}
      {wizard.needsGoogleAgain && (
        <Alert.Root
          status="warning"
          flexDirection={{ base: "column", sm: "row" }}
          alignItems={{ base: "stretch", sm: "center" }}
          gap="3"
        >
          <HStack alignItems="flex-start" flex="1">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Your Google session has expired</Alert.Title>
              <Alert.Description>
                Reconnect with Google to finish your claim. Your wallet and username stay as they are.
              </Alert.Description>
            </Alert.Content>
          </HStack>
          <Button
            colorPalette="red"
            onClick={wizard.reconnectGoogle}
            loading={wizard.isAuthorizingGoogle}
            loadingText="Connecting..."
          >
            Reconnect with Google
          </Button>
        </Alert.Root>
      )}
      {state.failedClaim === "retryable" && !minting && (
        <Text fontSize="sm" color="fg.muted">
          This wallet's earlier claim did not go through. The Google account that started it can retry it now.
          {reason && ` ${reason}`}
        </Text>
      )}
      {onHold && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>This claim is on hold</Alert.Title>
            <Alert.Description>
              {ERROR_CATALOGUE.MINT_ATTEMPTS_EXHAUSTED.message}
              {reason && ` ${reason}`}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {/* On hold it can only fail again until the operator grants an attempt; without a wallet, connect first. */}
      <Button
        colorPalette="red"
        size="lg"
        width="full"
        onClick={() => void wizard.claim()}
        disabled={onHold || wizard.walletStatus === "disconnected"}
        loading={minting || wizard.isWalletRestoring}
        loadingText={minting ? "Minting Your Tokens..." : "Reconnecting your wallet..."}
      >
        {state.failedClaim === "retryable" ? "Retry claim" : `Claim ${REWARD_TOKENS} Tokens`}
      </Button>
      {minting && <LabelledProgress label={activityLabel(state)} value={state.progress} />}
      <HStack>
        <Button variant="outline" onClick={wizard.back} disabled={minting}>
          Back
        </Button>
      </HStack>
    </Stack>
  );
}
