import { Box, DataList, Stack, Text } from "@chakra-ui/react";
import { REWARD_TOKENS } from "@tube/common/constants";
import type { ReactNode, Ref } from "react";
import { CopyableValue } from "../../../components/ui/copyable-value.tsx";
import { DescribedButton } from "../../../components/ui/described-button.tsx";
import { ExternalLink } from "../../../components/ui/external-link.tsx";
import { explorerTxUrl, formatClaimDate } from "../../../lib/format.ts";
import { usePublicConfig } from "../../../lib/public-config.tsx";
import type { WizardState } from "../wizard-state.ts";
import { StepHeading } from "./step-parts.tsx";

interface DoneStepProps {
  txHash: string;
  state: Pick<WizardState, "recipient" | "claimedEarlierAt">;
  addToken: ReactNode;
  onStartOver: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}

export function DoneStep({ txHash, state, addToken, onStartOver, headingRef }: DoneStepProps) {
  const { explorerUrl } = usePublicConfig();
  return (
    <Stack gap="5" textAlign="center">
      <Box
        aria-hidden="true"
        alignSelf="center"
        display="inline-flex"
        alignItems="center"
        justifyContent="center"
        boxSize="14"
        rounded="full"
        bg="green.600"
        color="white"
        fontSize="2xl"
        fontWeight="bold"
        animation="pop 0.45s cubic-bezier(0.34, 1.56, 0.64, 1)"
      >
        ✓
      </Box>
      <StepHeading ref={headingRef}>Tokens Claimed Successfully!</StepHeading>
      <Text>{REWARD_TOKENS} tokens have been sent to your wallet on the Arbitrum network.</Text>
      {state.claimedEarlierAt && (
        <Text fontWeight="semibold">
          This wallet claimed its tokens earlier, on {formatClaimDate(state.claimedEarlierAt)}.
        </Text>
      )}
      <ExternalLink
        href={explorerTxUrl(explorerUrl, txHash)}
        colorPalette="blue"
        variant="underline"
        alignSelf="center"
      >
        View transaction on the block explorer
      </ExternalLink>
      {addToken}
      <Box bg="bg.muted" rounded="md" padding="4" textAlign="start">
        <DataList.Root size="sm">
          <DataList.Item>
            <DataList.ItemLabel>Tokens</DataList.ItemLabel>
            <DataList.ItemValue>{REWARD_TOKENS} Tokens</DataList.ItemValue>
          </DataList.Item>
          {state.recipient && (
            <DataList.Item>
              <DataList.ItemLabel>Recipient</DataList.ItemLabel>
              <DataList.ItemValue>
                <CopyableValue value={state.recipient} label="recipient" />
              </DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList.Root>
      </Box>
      <DescribedButton
        colorPalette="red"
        variant="outline"
        onClick={onStartOver}
        description="Start Over goes back to Step 1. Your wallet and Google account stay connected: each claims only once, so change both to claim again."
      >
        Start Over
      </DescribedButton>
    </Stack>
  );
}
