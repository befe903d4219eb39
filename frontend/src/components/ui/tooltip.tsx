import { Tooltip as ChakraTooltip, Portal } from "@chakra-ui/react";
import type { ReactElement, ReactNode } from "react";

/** Tooltips open after 700 ms (docs/product.md#constants). */
const OPEN_DELAY_MS = 700;
/** The product's 300 ms "skip delay": Zag opens a tooltip at once while another is still visible. */
const CLOSE_DELAY_MS = 300;

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element (e.g. a button); it becomes the trigger. */
  children: ReactElement;
}

export function Tooltip({ content, children }: TooltipProps) {
  // Mounted only while open, not rendered hidden with the page.
  return (
    <ChakraTooltip.Root openDelay={OPEN_DELAY_MS} closeDelay={CLOSE_DELAY_MS} lazyMount unmountOnExit>
      {/* Chromium sends `pointerover` to an element appearing under a still pointer: wait for a real move. */}
      <ChakraTooltip.Trigger asChild onPointerOverCapture={(event) => event.preventDefault()}>
        {children}
      </ChakraTooltip.Trigger>
      <Portal>
        <ChakraTooltip.Positioner>
          <ChakraTooltip.Content>{content}</ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  );
}
