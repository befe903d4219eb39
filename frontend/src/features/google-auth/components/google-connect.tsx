import { Alert, Button, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { useId, useMemo } from "react";
import { isEmbeddedBrowser, systemBrowserUrl } from "../browser-environment.ts";
import type { GoogleAuthState } from "../use-google-auth.ts";

/** Step 0's Google piece: connect, progress, success and the embedded-browser warning. */
export function GoogleConnect({ google }: { google: GoogleAuthState }) {
  const { auth, status, error, authorize } = google;
  const busy = status === "authorizing";
  const embedded = useMemo(() => isEmbeddedBrowser(navigator.userAgent), []);
  const purposeId = useId();

  return (
    <Stack gap="3">
      {embedded && <EmbeddedBrowserWarning />}
      {auth && !busy ? (
        <Stack gap="2" role="status">
          <Text color="green.fg" fontWeight="semibold">
            Google Authorization Complete!
          </Text>
          <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
            {auth.email}
          </Text>
          <HStack>
            <Button variant="outline" size="sm" onClick={authorize}>
              Change Google Account
            </Button>
          </HStack>
        </Stack>
      ) : (
        <Stack gap="1">
          <Button
            colorPalette="red"
            onClick={authorize}
            loading={busy}
            loadingText="Authorizing with Google..."
            width="full"
            aria-describedby={purposeId}
          >
            Connect with Google
          </Button>
          {/* Step 1 has a second Google button, for a new wallet: this one only reads the subscription. */}
          <Text id={purposeId} fontSize="sm" color="fg.muted">
            To verify your YouTube subscription (read-only access).
          </Text>
        </Stack>
      )}
      {error && !busy && (
        <Text role="alert" color="fg.error" fontSize="sm">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function EmbeddedBrowserWarning() {
  const href = systemBrowserUrl(window.location.href, navigator.userAgent);
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Google sign-in is blocked in this app&apos;s browser</Alert.Title>
        <Alert.Description>
          Google does not allow signing in from a wallet&apos;s built-in browser.{" "}
          <Link href={href} target="_blank" rel="noopener noreferrer" variant="underline">
            Open this page in your phone&apos;s browser
          </Link>{" "}
          (Chrome or Safari) to connect with Google.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
