import { Stack, Text } from "@chakra-ui/react";
import { DescribedButton } from "../../../components/ui/described-button.tsx";
import { isEmbeddedBrowser } from "../browser-environment.ts";
import type { GoogleAuthState } from "../use-google-auth.ts";
import { InAppBrowserHint } from "./in-app-browser-hint.tsx";

export function GoogleConnect({ google }: { google: GoogleAuthState }) {
  const { auth, status, error, authorize } = google;
  const busy = status === "authorizing";
  const embedded = isEmbeddedBrowser(navigator.userAgent);

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
          {/* Another account does not change the wallet: say so. */}
          <DescribedButton
            variant="outline"
            size="sm"
            alignSelf="flex-start"
            onClick={authorize}
            description="To verify with another Google account, press 'Change Google Account'. Your wallet and username stay as they are."
          >
            Change Google Account
          </DescribedButton>
        </Stack>
      ) : (
        // The wallet part's Google button makes a wallet: this one only reads the subscription.
        <DescribedButton
          colorPalette="red"
          onClick={authorize}
          loading={busy}
          loadingText="Authorizing with Google..."
          width="full"
          description="To verify your YouTube subscription (read-only access)."
        >
          Connect with Google
        </DescribedButton>
      )}
      {error && !busy && (
        <Text role="alert" color="fg.error" fontSize="sm">
          {error}
        </Text>
      )}
    </Stack>
  );
}
