/** The OAuth redirect target in the popup: hands Google's answer to its opener. No Chakra (ADR 12). */
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { OAUTH_MESSAGE_TYPE, type OAuthCallbackMessage } from "./oauth-popup.ts";

export function GoogleCallbackPage() {
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
    <main className="screen">
      <div role="status" className="stack message">
        {orphaned ? (
          <>
            <p>This sign-in window is no longer connected to the claim page.</p>
            <p>
              <Link to="/claim" className="link link--underlined">
                Go back to the claim page
              </Link>{" "}
              and press &lsquo;Connect with Google&rsquo; again.
            </p>
          </>
        ) : (
          <p>Completing Google sign-in...</p>
        )}
      </div>
    </main>
  );
}
