import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/render-with-providers.tsx";
import { GoogleCallbackPage } from "./google-callback-page.tsx";
import { OAUTH_MESSAGE_TYPE } from "./oauth-popup.ts";

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, "opener");
});

describe("Google callback page", () => {
  it("when opened by the claim page, then it posts Google's answer to it on our origin only and closes", () => {
    const opener = { closed: false, postMessage: vi.fn() };
    Object.defineProperty(window, "opener", { value: opener, configurable: true });
    const close = vi.spyOn(window, "close").mockImplementation(() => {});

    renderWithProviders(<GoogleCallbackPage />, { route: "/auth/google/callback?code=abc&state=xyz&scope=email" });

    expect(opener.postMessage).toHaveBeenCalledTimes(1);
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: OAUTH_MESSAGE_TYPE, code: "abc", state: "xyz", error: null },
      window.location.origin,
    );
    expect(close).toHaveBeenCalled();
  });

  it("when Google reports an error, then the error is passed on", () => {
    const opener = { closed: false, postMessage: vi.fn() };
    Object.defineProperty(window, "opener", { value: opener, configurable: true });
    vi.spyOn(window, "close").mockImplementation(() => {});

    renderWithProviders(<GoogleCallbackPage />, { route: "/auth/google/callback?error=access_denied&state=xyz" });

    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: OAUTH_MESSAGE_TYPE, code: null, state: "xyz", error: "access_denied" },
      window.location.origin,
    );
  });

  it("when there is no opener, then it explains and links back to the claim page", () => {
    Object.defineProperty(window, "opener", { value: null, configurable: true });
    const close = vi.spyOn(window, "close").mockImplementation(() => {});

    renderWithProviders(<GoogleCallbackPage />, { route: "/auth/google/callback?code=abc&state=xyz" });

    expect(screen.getByText("This sign-in window is no longer connected to the claim page.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go back to the claim page" })).toHaveAttribute("href", "/claim");
    expect(close).not.toHaveBeenCalled();
  });
});
