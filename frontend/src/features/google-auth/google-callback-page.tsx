/**
 * The OAuth redirect target (GOOGLE_CALLBACK_PATH), opened inside the popup.
 * It hands Google's answer to the claim page that opened it and closes; the
 * code is useless without the PKCE verifier, which only the opener holds.
 */
import { Center, Link, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { Link as RouterLink, useLocation, useNavigate } from "react-router";
import { OAUTH_MESSAGE_TYPE, type OAuthCallbackMessage } from "./oauth-popup.ts";

export default function GoogleCallbackPage() {
  const [orphaned, setOrphaned] = useState(false);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    // Runs once: clearing the query below changes `search` again.
    if (handled.current) return;
    handled.current = true;
    const params = new URLSearchParams(search);
    const message: OAuthCallbackMessage = {
      type: OAUTH_MESSAGE_TYPE,
      code: params.get("code"),
      state: params.get("state"),
      error: params.get("error"),
    };
    // The code must not linger in the address bar or history.
    if (search) navigate(pathname, { replace: true });

    const opener = window.opener as Window | null;
    if (!opener || opener.closed) {
      setOrphaned(true);
      return;
    }
    opener.postMessage(message, window.location.origin);
    window.close();
  }, [navigate, pathname, search]);

  return (
    <Center as="main" minHeight="100dvh" padding="6">
      <Stack gap="3" maxWidth="sm" textAlign="center" role="status">
        {orphaned ? (
          <>
            <Text>This sign-in window is no longer connected to the claim page.</Text>
            <Text>
              <Link asChild colorPalette="blue" variant="underline">
                <RouterLink to="/claim">Go back to the claim page</RouterLink>
              </Link>{" "}
              and press &lsquo;Connect with Google&rsquo; again.
            </Text>
          </>
        ) : (
          <Text>Completing Google sign-in...</Text>
        )}
      </Stack>
    </Center>
  );
}
