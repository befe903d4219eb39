/**
 * The app's one toast surface, showing what `notify` (notify.ts) puts in the store. Toasts are announced politely:
 * Chakra's toast group is a `role="region"` with `aria-live="polite"` and each toast a `role="status"`.
 */
import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast } from "@chakra-ui/react";
import { toaster } from "./notify.ts";

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
