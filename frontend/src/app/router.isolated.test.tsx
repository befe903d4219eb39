import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { NOT_FOUND_TITLE, pageTitle } from "@tube/common/app-pages";
import { renderWithProviders } from "../test/render-with-providers.tsx";
import { AppRoutes } from "./router.tsx";

// The lazy claim page pulls in the whole wallet SDK; the shell only needs to know it is routed.
vi.mock("./routes/claim.tsx", () => ({ default: () => <h1>Claim wizard</h1> }));

describe("AppRoutes", () => {
  it.each([
    ["/", "Subscribe & Earn Tokens"],
    ["/terms", "Terms of Service"],
    ["/privacy", "Privacy Policy"],
    ["/google-info", "Google API Usage"],
    ["/no/such/page", "404 Page Not Found"],
  ])("when the path is %s, then the page heading is '%s'", async (route, heading) => {
    renderWithProviders(<AppRoutes />, { route });

    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
  });

  it("when the path is /claim, then the lazily loaded page is shown", async () => {
    renderWithProviders(<AppRoutes />, { route: "/claim" });

    expect(await screen.findByRole("heading", { level: 1, name: "Claim wizard" })).toBeInTheDocument();
  });

  it("when the path is Google's callback outside a sign-in popup, then the page says so", async () => {
    renderWithProviders(<AppRoutes />, { route: "/auth/google/callback" });

    expect(
      await screen.findByText("This sign-in window is no longer connected to the claim page."),
    ).toBeInTheDocument();
  });

  it("when the user follows a link, then the browser's title becomes the new page's", async () => {
    const { user } = renderWithProviders(<AppRoutes />, { route: "/" });
    await waitFor(() => expect(document.title).toBe(pageTitle("/")));

    await user.click(screen.getByRole("link", { name: "Privacy Policy" }));

    await screen.findByRole("heading", { level: 1, name: "Privacy Policy" });
    await waitFor(() => expect(document.title).toBe(pageTitle("/privacy")));
    expect(document.title).not.toBe(pageTitle("/"));
  });

  it("when the path is no page, then the title says the page was not found", async () => {
    renderWithProviders(<AppRoutes />, { route: "/no/such/page" });

    await waitFor(() => expect(document.title).toBe(NOT_FOUND_TITLE));
  });

  it("when the user follows a link, then focus moves to the new page's main heading", async () => {
    const { user } = renderWithProviders(<AppRoutes />, { route: "/" });

    await user.click(screen.getByRole("link", { name: "Terms of Service" }));

    const heading = await screen.findByRole("heading", { level: 1, name: "Terms of Service" });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it("when the user navigates to a lazily loaded page, then focus moves to its heading once it renders", async () => {
    const { user } = renderWithProviders(<AppRoutes />, { route: "/" });
    const link = screen.getByRole("link", { name: "Start Claiming Tokens" });

    // Pointing at the link and pressing it preload the page. Vitest's mocker hands the real module to the later of two
    // overlapping imports of a mocked one, so the preloads are let finish before the release navigates and loads it.
    await user.pointer({ keys: "[MouseLeft>]", target: link });
    await vi.dynamicImportSettled();
    await user.pointer({ keys: "[/MouseLeft]", target: link });

    const heading = await screen.findByRole("heading", { level: 1, name: "Claim wizard" });
    await waitFor(() => expect(heading).toHaveFocus());
  });
});
