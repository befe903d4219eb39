import { Tooltip as ChakraTooltip, Portal } from "@chakra-ui/react";
import type { PointerEvent, ReactElement, ReactNode } from "react";

/** Tooltips open after 700 ms (docs/product.md#constants). */
const OPEN_DELAY_MS = 700;
/**
 * The product's "skip delay" of 300 ms (docs/product.md#constants). Zag (under Chakra) opens a tooltip instantly
 * while another one is still visible, so a 300 ms close delay gives a 300 ms
 * window in which moving to the next trigger skips the open delay.
 */
const CLOSE_DELAY_MS = 300;

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element (e.g. a button); it becomes the trigger. */
  children: ReactElement;
  disabled?: boolean;
}

/**
 * Chromium sends `pointerover` when an element appears under a pointer that has not moved (the connected badge
 * replacing the button just clicked), and Zag opens on it. Marking that event handled before Zag sees it leaves the
 * tooltip to a pointer that moves over the trigger, or to keyboard focus.
 */
function ignoreStationaryPointer(event: PointerEvent<HTMLElement>) {
  event.preventDefault();
}

export function Tooltip({ content, children, disabled = false }: TooltipProps) {
  if (disabled) return children;
  // Mounted only while open: a closed tooltip's content would be rendered, hidden, with the page.
  return (
    <ChakraTooltip.Root openDelay={OPEN_DELAY_MS} closeDelay={CLOSE_DELAY_MS} lazyMount unmountOnExit>
      <ChakraTooltip.Trigger asChild onPointerOverCapture={ignoreStationaryPointer}>
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
