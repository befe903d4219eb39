/** The app's one toast surface; Chakra announces each toast politely as a `role="status"`. */
import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from "@chakra-ui/react";

export interface Notification {
  title: string;
  description?: string;
  type: "success" | "error" | "info" | "warning" | "loading";
  /** Reusing an id replaces that toast. */
  id?: string;
}

// At the top, full width on a phone: the next control is below what was just pressed, rarely above.
// Stacked: a claim fires several toasts in a row, and a list would cover a phone screen.
const toaster = createToaster({
  placement: "top-end",
  // Below the sticky site header, so a toast never hides it.
  offsets: { top: "4.25rem", bottom: "1rem", left: "1rem", right: "1rem" },
  pauseOnPageIdle: true,
  overlap: true,
});

export function notify(notification: Notification) {
  return toaster.create({ ...notification, closable: true });
}

/** For tests, whose files share one toaster. */
export function removeAllToasts() {
  toaster.remove();
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root width={{ base: "100%", md: "420px" }}>
            {toast.type === "loading" ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {/* Chakra dims it to 80 %, under 4.5:1 on the green and red toasts. */}
              {toast.description && <Toast.Description opacity="1">{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label="Close notification" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
