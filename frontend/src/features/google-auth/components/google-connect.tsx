import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useId, useMemo } from "react";
import { isEmbeddedBrowser } from "../browser-environment.ts";
import type { GoogleAuthState } from "../use-google-auth.ts";
import { InAppBrowserHint } from "./in-app-browser-hint.tsx";

/** What changing the account keeps: a visitor claiming for someone else must know the wallet is not changed with it. */
const CHANGE_ACCOUNT_HINT =
  "To verify with another Google account, press 'Change Google Account'. Your wallet and username stay as they are.";

/** Step 0's Google piece: connect, progress, success and, in an app's built-in browser, the way out of it. */
export function GoogleConnect({ google }: { google: GoogleAuthState }) {
  const { auth, status, error, authorize } = google;
  const busy = status === "authorizing";
  const embedded = useMemo(() => isEmbeddedBrowser(navigator.userAgent), []);
  const purposeId = useId();
  const changeId = useId();

  return (
    <Stack gap="3">
      {embedded && <InAppBrowserHint userAgent={navigator.userAgent} pageUrl={window.location.href} />}
      {auth && !busy ? (
        <Stack gap="2" role="status">
          <Text color="green.fg" fontWeight="semibold">
            Google Authorization Complete!
          </Text>
          <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
            {auth.email}
          </Text>
          <HStack>
            <Button variant="outline" size="sm" onClick={authorize} aria-describedby={changeId}>
              Change Google Account
            </Button>
          </HStack>
          <Text id={changeId} fontSize="sm" color="fg.muted">
            {CHANGE_ACCOUNT_HINT}
          </Text>
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
