import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render-with-providers.tsx";
import { Footer } from "./footer.tsx";

describe("Footer", () => {
  it("when rendered, then it shows the copyright with the current year and the network line", () => {
    renderWithProviders(<Footer />);

    const year = new Date().getFullYear();
    expect(screen.getByText(`© ${year} YouTube Token Rewards. All rights reserved.`)).toBeInTheDocument();
    expect(screen.getByText("Powered by Arbitrum Network")).toBeInTheDocument();
  });

  it("when rendered, then it links to the three legal pages", () => {
    renderWithProviders(<Footer />);

    const nav = screen.getByRole("navigation", { name: "Footer" });
    expect(within(nav).getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    expect(within(nav).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    expect(within(nav).getByRole("link", { name: "Google API Usage" })).toHaveAttribute("href", "/google-info");
  });

  it("when rendered, then it links to the configured channel in a new tab", () => {
    renderWithProviders(<Footer />, { config: { youtubeChannelId: "UCfooterChannel" } });

    const channel = screen.getByRole("link", { name: /YouTube Channel/ });
    expect(channel).toHaveAttribute("href", "https://www.youtube.com/channel/UCfooterChannel");
    expect(channel).toHaveAttribute("target", "_blank");
    expect(channel).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("when rendered, then it states compliance with the Google API Services User Data Policy", () => {
    renderWithProviders(<Footer />);

    expect(screen.getByText(/including the Limited Use requirements/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Google API Services User Data Policy/ })).toHaveAttribute(
      "href",
      "https://developers.google.com/terms/api-services-user-data-policy",
    );
  });
});
