/**
 * The app's one toast surface. Toasts are announced politely: Chakra's toast
 * group is a `role="region"` with `aria-live="polite"` and each toast a `role="status"`.
 */
import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from "@chakra-ui/react";

type NotifyType = "success" | "error" | "info" | "warning" | "loading";

export interface Notification {
  title: string;
  description?: string;
  type: NotifyType;
  /** Reusing an id replaces that toast (e.g. a "loading" toast becoming "success"). */
  id?: string;
  /** Milliseconds; defaults per type, and a loading toast stays until replaced. */
  duration?: number;
}

// Stacked (overlapping) rather than listed: a claim fires several toasts in a row, and a list of them covers a phone screen.
const toaster = createToaster({ placement: "top-end", pauseOnPageIdle: true, overlap: true });

/** Shows (or replaces, by id) a toast and returns its id. */
export function notify({ title, description, type, id, duration }: Notification): string {
  return toaster.create({
    title,
    description,
    type,
    closable: true,
    ...(id === undefined ? {} : { id }),
    ...(duration === undefined ? {} : { duration }),
  });
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
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label="Close notification" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
