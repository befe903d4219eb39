import { Center, Spinner, Text } from "@chakra-ui/react";

/** A centred spinner that screen readers announce as "Loading…". */
export function LoadingScreen() {
  return (
    <Center minHeight="100dvh" flexDirection="column" gap="3" role="status" aria-live="polite">
      <Spinner size="xl" color="red.600" borderWidth="3px" />
      <Text color="fg.muted">Loading…</Text>
    </Center>
  );
}
