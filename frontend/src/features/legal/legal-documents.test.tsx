import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render-with-providers.tsx";
import { PAGE_PATHS } from "@tube/common/app-pages";
import { LEGAL_DOCUMENTS } from "./legal-documents.ts";
import { LegalDocumentPage } from "./legal-document-page.tsx";

/** The page the router shows at `path`. */
const pageAt = (path: keyof typeof LEGAL_DOCUMENTS) =>
  function Page() {
    return <LegalDocumentPage document={LEGAL_DOCUMENTS[path]} />;
  };
const TermsPage = pageAt(PAGE_PATHS.terms);
const PrivacyPage = pageAt(PAGE_PATHS.privacy);
const GoogleInfoPage = pageAt(PAGE_PATHS.googleInfo);

const LEGAL_PAGES = [
  ["terms", TermsPage],
  ["privacy", PrivacyPage],
  ["google-info", GoogleInfoPage],
] as const;

function sectionHeadings(): string[] {
  return screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent ?? "");
}

describe("legal pages", () => {
  it.each([
    { route: "/terms", Page: TermsPage, title: "Terms of Service", sections: 11 },
    { route: "/privacy", Page: PrivacyPage, title: "Privacy Policy", sections: 9 },
  ])(
    "when $route is shown, then it has the title, the date and $sections numbered sections",
    ({ route, Page, title, sections }) => {
      renderWithProviders(<Page />, { route });

      expect(screen.getByRole("heading", { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText("Last updated: May 25, 2025")).toBeInTheDocument();
      const headings = sectionHeadings();
      expect(headings).toHaveLength(sections);
      headings.forEach((heading, index) => expect(heading).toMatch(new RegExp(`^${index + 1}\\. \\S`)));
    },
  );

  it("when /privacy is shown, then it states the promises the product requires", () => {
    renderWithProviders(<PrivacyPage />, { route: "/privacy" });

    const main = screen.getByRole("main");
    expect(main).toHaveTextContent(/never see or store your Google password/);
    expect(main).toHaveTextContent(/do not sell/);
    expect(main).toHaveTextContent(/one claim per wallet and per Google account/);
    expect(main).toHaveTextContent(/Limited Use requirements/);
    expect(within(main).getByRole("link", { name: /myaccount\.google\.com\/permissions/ })).toHaveAttribute(
      "href",
      "https://myaccount.google.com/permissions",
    );
  });

  it("when /terms is shown, then it links YouTube's Terms of Service and says using the Service binds you to them", () => {
    renderWithProviders(<TermsPage />, { route: "/terms" });

    const main = screen.getByRole("main");
    expect(main).toHaveTextContent(/by using the Service you also agree to be bound by the YouTube Terms of Service/);
    expect(within(main).getByRole("link", { name: /^YouTube Terms of Service/ })).toHaveAttribute(
      "href",
      "https://www.youtube.com/t/terms",
    );
  });

  it("when /privacy is shown, then it links the Google Privacy Policy", () => {
    renderWithProviders(<PrivacyPage />, { route: "/privacy" });

    expect(within(screen.getByRole("main")).getByRole("link", { name: /^Google Privacy Policy/ })).toHaveAttribute(
      "href",
      "https://policies.google.com/privacy",
    );
  });

  it("when /privacy is shown, then it says what a claim keeps, for how long, and who receives what", () => {
    renderWithProviders(<PrivacyPage />, { route: "/privacy" });

    const main = screen.getByRole("main");
    expect(main).toHaveTextContent(/We do not store your e-mail address/);
    expect(main).toHaveTextContent(/12 months after the claim/);
    expect(main).toHaveTextContent(/keyed fingerprint of your Google account ID/);
    const items = within(main)
      .getAllByRole("listitem")
      .map((item) => item.textContent ?? "");
    for (const recipient of [/^Google: /, /^thirdweb: /, /^The blockchain node provider/, /^WalletConnect: /])
      expect(items.some((item) => recipient.test(item))).toBe(true);
    expect(main).not.toHaveTextContent(/basic profile/);
  });

  it("when /google-info is shown, then it explains read-only access and links to the privacy page", () => {
    renderWithProviders(<GoogleInfoPage />, { route: "/google-info" });

    expect(screen.getByRole("heading", { level: 1, name: "Google API Usage" })).toBeInTheDocument();
    const main = screen.getByRole("main");
    expect(main).toHaveTextContent(/youtube\.readonly/);
    expect(within(main).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  });

  it.each(LEGAL_PAGES)("when /%s is shown, then a Back to Home button links to /", (_name, Page) => {
    renderWithProviders(<Page />);

    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  });

  it.each(LEGAL_PAGES)(
    "when /%s is shown, then a 'Last updated' line with a date is under its title",
    (_name, Page) => {
      renderWithProviders(<Page />);

      expect(screen.getByText(/^Last updated: [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeInTheDocument();
    },
  );

  it("when a text mentions the channel, then it links to the configured channel", () => {
    renderWithProviders(<TermsPage />, { config: { youtubeChannelId: "UClegalChannel" } });

    expect(screen.getByRole("link", { name: /^our YouTube channel/ })).toHaveAttribute(
      "href",
      "https://www.youtube.com/channel/UClegalChannel",
    );
  });
});
