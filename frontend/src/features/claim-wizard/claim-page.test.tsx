import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/render-with-providers.tsx";
import ClaimPage from "./claim-page.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("ClaimPage", () => {
  it("when opened with no wallet, then the real thirdweb wallet state shows the wizard ready to connect", async () => {
    // thirdweb's own services are unreachable here, as in the closed test network.
    vi.stubGlobal("fetch", vi.fn(async () => new Response(null, { status: 503 })));
    renderWithProviders(<ClaimPage />, { route: "/claim" });

    expect(await screen.findByRole("heading", { level: 1, name: "Claim 250 TuBE" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Connect Wallet" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Connect Wallet to Claim Tokens" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Step 1: Subscribe & Verify" })).toBeInTheDocument();
  });
});
