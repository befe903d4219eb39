import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders, TEST_PUBLIC_CONFIG } from "../../../test/render-with-providers.tsx";
import { stubApi } from "../../../test/fake-api.ts";
import { GOOGLE_AUTH_STORAGE_KEY, USER_EMAIL_STORAGE_KEY } from "../google-session-keys.ts";
import { OAUTH_MESSAGE_TYPE } from "../oauth-popup.ts";
import { createCodeChallenge } from "../google-auth-url.ts";
import { useGoogleAuth } from "../use-google-auth.ts";
import { GoogleConnect } from "./google-connect.tsx";

/** The longest a closed popup goes unnoticed: one look every 500 ms, then a grace of 1 s for a last message. */
const CLOSED_NOTICED_MS = 1_500;
const SESSION = { email: "viewer@example.com", accessToken: "ya29.fresh", expiresAt: Date.now() + 3_600_000 };

function Harness() {
  return <GoogleConnect google={useGoogleAuth()} />;
}

interface FakePopup {
  closed: boolean;
  location: { href: string };
  close: () => void;
}

function fakePopup(): FakePopup {
  const popup: FakePopup = {
    closed: false,
    location: { href: "about:blank" },
    close: () => void (popup.closed = true),
  };
  return popup;
}

/** Waits until the page has pointed the popup at Google, and returns that URL. */
async function googleUrlOf(popup: FakePopup): Promise<URL> {
  await vi.waitFor(() => expect(popup.location.href).toMatch(/^https:\/\/accounts\.google\.com\//));
  return new URL(popup.location.href);
}

function postFromCallback(data: Record<string, unknown>, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent("message", { origin, data: { type: OAUTH_MESSAGE_TYPE, error: null, ...data } }),
    );
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Connect with Google", () => {
  it("when the popup returns a code with the right state, then the code is exchanged with PKCE and the session stored", async () => {
    const api = stubApi({ "POST /api/auth/google": { status: 200, body: SESSION } });
    const popup = fakePopup();
    const open = vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    const { user } = renderWithProviders(<Harness />, { route: "/claim" });

    await user.click(screen.getByRole("button", { name: "Connect with Google" }));

    expect(open).toHaveBeenCalledWith("about:blank", expect.any(String), expect.stringContaining("popup"));
    expect(await screen.findByRole("status", { name: "Connecting to Google" })).toHaveTextContent(
      "Launching Google authentication...",
    );
    expect(screen.getByRole("button", { name: "Authorizing with Google..." })).toBeDisabled();
    const url = await googleUrlOf(popup);
    const redirectUri = `${window.location.origin}/auth/google/callback`;
    // google-auth-url.test.ts checks every parameter Google needs; here, the page's own client and origin.
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: TEST_PUBLIC_CONFIG.googleClientId,
      redirect_uri: redirectUri,
    });

    postFromCallback({ code: "auth-code-1", state: url.searchParams.get("state") });

    expect(await screen.findByRole("status", { name: "Google Authentication Successful" })).toHaveTextContent(
      "Connected with Google account",
    );
    expect(screen.getByText("Google Authorization Complete!")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Change Google Account" })).toBeInTheDocument();
    const exchange = api.callsTo("POST", "/api/auth/google")[0]?.body as {
      code: string;
      codeVerifier: string;
      redirectUri: string;
    };
    expect(exchange).toMatchObject({ code: "auth-code-1", redirectUri });
    expect(await createCodeChallenge(exchange.codeVerifier)).toBe(url.searchParams.get("code_challenge"));
    expect(JSON.parse(sessionStorage.getItem(GOOGLE_AUTH_STORAGE_KEY) ?? "null")).toEqual(SESSION);
    expect(sessionStorage.getItem(USER_EMAIL_STORAGE_KEY)).toBe(SESSION.email);
  });

  it("when the callback's state does not match, then it is refused and no code is exchanged", async () => {
    const api = stubApi({ "POST /api/auth/google": { status: 200, body: SESSION } });
    const popup = fakePopup();
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    const { user } = renderWithProviders(<Harness />, { route: "/claim" });
    await user.click(screen.getByRole("button", { name: "Connect with Google" }));
    await googleUrlOf(popup);

    postFromCallback({ code: "stolen-code", state: "forged-state" });

    const toast = await screen.findByRole("status", { name: "Authentication Failed" });
    expect(toast).toHaveTextContent("did not match this request, so it was refused");
    expect(api.calls).toHaveLength(0);
    expect(sessionStorage.getItem(GOOGLE_AUTH_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole("button", { name: "Connect with Google" })).toBeEnabled();
  });

  it("when a message comes from another origin, then it is ignored", async () => {
    const api = stubApi({ "POST /api/auth/google": { status: 200, body: SESSION } });
    const popup = fakePopup();
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    const { user } = renderWithProviders(<Harness />, { route: "/claim" });
    await user.click(screen.getByRole("button", { name: "Connect with Google" }));
    const url = await googleUrlOf(popup);

    postFromCallback({ code: "code", state: url.searchParams.get("state") }, "https://evil.example");

    expect(api.calls).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Authorizing with Google..." })).toBeDisabled();
  });

  it("when the browser blocks the popup, then the visitor is told to allow pop-ups", async () => {
    const api = stubApi({});
    vi.spyOn(window, "open").mockReturnValue(null);
    const { user } = renderWithProviders(<Harness />, { route: "/claim" });

    await user.click(screen.getByRole("button", { name: "Connect with Google" }));

    expect(await screen.findByRole("status", { name: "Authentication Failed" })).toHaveTextContent(
      /blocked the Google sign-in window/,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Please allow pop-ups for this site and try again.");
    expect(api.calls).toHaveLength(0);
  });

  it("when the visitor closes the popup, then the attempt fails with a clear message", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({});
    const popup = fakePopup();
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    const { user } = renderWithProviders(<Harness />, { route: "/claim" });
    await user.click(screen.getByRole("button", { name: "Connect with Google" }));
    await googleUrlOf(popup);

    popup.closed = true;
    await act(() => vi.advanceTimersByTimeAsync(CLOSED_NOTICED_MS));

    expect(await screen.findByRole("status", { name: "Authentication Failed" })).toHaveTextContent(
      "The Google sign-in window was closed before sign-in finished.",
    );
  });

  it("when Google answers access_denied, then the failure says sign-in was cancelled", async () => {
    stubApi({});
    const popup = fakePopup();
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    const { user } = renderWithProviders(<Harness />, { route: "/claim" });
    await user.click(screen.getByRole("button", { name: "Connect with Google" }));
    const url = await googleUrlOf(popup);

    postFromCallback({ code: null, state: url.searchParams.get("state"), error: "access_denied" });

    expect(await screen.findByRole("status", { name: "Authentication Failed" })).toHaveTextContent(
      "Google sign-in was cancelled.",
    );
  });

  it.each([
    {
      answer: "refuses the code",
      reply: {
        status: 401,
        body: { error: { code: "GOOGLE_AUTH_FAILED", message: "Failed to connect with Google. Please try again." } },
      },
      failure: "Failed to connect with Google. Please try again.",
    },
    {
      answer: "carries no access token",
      reply: { status: 200, body: { email: SESSION.email, expiresAt: SESSION.expiresAt } },
      failure: "No access token returned from Google",
    },
  ])("when the server's answer $answer, then the failure says '$failure'", async ({ reply, failure }) => {
    stubApi({ "POST /api/auth/google": reply });
    const popup = fakePopup();
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    const { user } = renderWithProviders(<Harness />, { route: "/claim" });
    await user.click(screen.getByRole("button", { name: "Connect with Google" }));
    const url = await googleUrlOf(popup);

    postFromCallback({ code: "code", state: url.searchParams.get("state") });

    expect(await screen.findByRole("status", { name: "Authentication Failed" })).toHaveTextContent(failure);
    expect(sessionStorage.getItem(GOOGLE_AUTH_STORAGE_KEY)).toBeNull();
  });

  it("when a change of account is abandoned, then the previous account stays, with one message and no red error", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionStorage.setItem(GOOGLE_AUTH_STORAGE_KEY, JSON.stringify(SESSION));
    stubApi({});
    const popup = fakePopup();
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    const { user } = renderWithProviders(<Harness />, { route: "/claim" });
    await user.click(screen.getByRole("button", { name: "Change Google Account" }));
    await googleUrlOf(popup);

    popup.closed = true;
    await act(() => vi.advanceTimersByTimeAsync(CLOSED_NOTICED_MS));

    expect(await screen.findByRole("status", { name: "Google Account Unchanged" })).toHaveTextContent(
      "The Google sign-in window was closed before sign-in finished. Please try again. You are still connected as viewer@example.com.",
    );
    expect(screen.getByText("Google Authorization Complete!")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Authentication Failed" })).not.toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem(GOOGLE_AUTH_STORAGE_KEY) ?? "null")).toEqual(SESSION);
  });

  it("when nobody is connected, then a line under the button says it is for verifying the subscription", () => {
    renderWithProviders(<Harness />, { route: "/claim" });
    expect(screen.getByRole("button", { name: "Connect with Google" })).toHaveAccessibleDescription(
      "To verify your YouTube subscription (read-only access).",
    );
  });

  it("when a stored session has expired, then Google counts as not authorized", () => {
    sessionStorage.setItem(GOOGLE_AUTH_STORAGE_KEY, JSON.stringify({ ...SESSION, expiresAt: Date.now() - 1_000 }));
    renderWithProviders(<Harness />, { route: "/claim" });
    expect(screen.getByRole("button", { name: "Connect with Google" })).toBeInTheDocument();
    expect(screen.queryByText("Google Authorization Complete!")).not.toBeInTheDocument();
  });

  it("when the page runs in MetaMask's in-app browser on Android, then the hint points to Chrome through an intent", () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(
      "Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36 MetaMaskMobile",
    );
    renderWithProviders(<Harness />, { route: "/claim" });

    const hint = screen.getByRole("status", { name: "Google sign-in is blocked in this app's browser" });
    expect(hint).toHaveTextContent(/tap the ⋮ menu and choose “Open in Chrome”/);
    expect(within(hint).getByRole("link", { name: "Open this page in Chrome" }).getAttribute("href")).toMatch(
      /^intent:\/\//,
    );
  });

  it("when the page runs in Instagram on iOS, then the hint says how to reach Safari and copies the page's link", async () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 329.0.0.29.120 (iPhone15,3; iOS 17_4; en_US)",
    );
    const { user } = renderWithProviders(<Harness />, { route: "/claim" });

    const hint = screen.getByRole("status", { name: "Google sign-in is blocked in this app's browser" });
    expect(hint).toHaveTextContent(/open this page in Safari: tap the ⋯ or share button and choose “Open in Safari”/);
    expect(within(hint).getByRole("link", { name: "Open this page in Safari" })).toHaveAttribute(
      "href",
      `x-safari-${window.location.href}`,
    );
    await user.click(within(hint).getByRole("button", { name: "Copy link" }));
    expect(await within(hint).findByText("Link copied: paste it into Safari's address bar.")).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(window.location.href);
  });

  it("when the page runs in an ordinary browser, then no hint is shown", () => {
    renderWithProviders(<Harness />, { route: "/claim" });
    expect(screen.queryByText(/Google sign-in is blocked/)).not.toBeInTheDocument();
  });
});
