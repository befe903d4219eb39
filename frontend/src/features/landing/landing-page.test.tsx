import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render-with-providers.tsx";
import { LandingPage } from "./landing-page.tsx";

describe("LandingPage", () => {
  it("when rendered, then the main heading is 'Subscribe & Earn Tokens'", () => {
    renderWithProviders(<LandingPage />);

    expect(screen.getByRole("heading", { level: 1, name: "Subscribe & Earn Tokens" })).toBeInTheDocument();
  });

  it("when rendered, then 'Start Claiming Tokens' links to /claim", () => {
    renderWithProviders(<LandingPage />);

    expect(screen.getByRole("link", { name: "Start Claiming Tokens" })).toHaveAttribute("href", "/claim");
  });

  it("when rendered, then 'Subscribe on YouTube' opens the channel's subscribe confirmation in a new tab", () => {
    renderWithProviders(<LandingPage />, { config: { youtubeChannelId: "UCabc123" } });

    const link = screen.getByRole("link", { name: /^Subscribe on YouTube/ });
    expect(link).toHaveAttribute("href", "https://www.youtube.com/channel/UCabc123?sub_confirmation=1");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("when rendered, then it shows the three steps in order and the footer", () => {
    renderWithProviders(<LandingPage />);

    const stepHeadings = screen.getAllByRole("heading", { level: 3 });
    expect(stepHeadings.map((h) => h.textContent)).toEqual(["1. Subscribe", "2. Connect Wallet", "3. Claim Tokens"]);
    expect(screen.getByRole("contentinfo")).toHaveTextContent("Powered by Arbitrum Network");
  });
});
