import { Button, CloseButton, Dialog, Portal, Stack, Text } from "@chakra-ui/react";
import { REWARD_TOKENS, TOKEN_SYMBOL } from "@tube/common/constants";
import type { RefObject } from "react";
import { ExternalLink } from "../../../components/ui/external-link.tsx";
import { LabelledValue } from "../../../components/ui/copyable-value.tsx";
import { explorerTxUrl } from "../../../lib/format.ts";
import { usePublicConfig } from "../../../lib/public-config.tsx";

/** On close, focus returns to the Done step's heading. Mounted only while open. */
export function SuccessDialog({
  open,
  txHash,
  recipient,
  onClose,
  returnFocusRef,
}: {
  open: boolean;
  txHash: string | null;
  recipient: string | null;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}) {
  const { explorerUrl } = usePublicConfig();
  return (
    <Dialog.Root
      open={open && txHash !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      lazyMount
      unmountOnExit
      finalFocusEl={() => returnFocusRef.current}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner padding="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Transaction Successful</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>Your tokens have been successfully minted and transferred to your wallet.</Text>
                <Text fontWeight="semibold">
                  Tokens Received: {REWARD_TOKENS} {TOKEN_SYMBOL}
                </Text>
                {recipient && <LabelledValue label="Recipient" value={recipient} />}
                {txHash && (
                  <>
                    <LabelledValue label="Transaction hash" value={txHash} />
                    <ExternalLink href={explorerTxUrl(explorerUrl, txHash)} colorPalette="blue" variant="underline">
                      View on the block explorer
                    </ExternalLink>
                  </>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button colorPalette="red">Close</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
