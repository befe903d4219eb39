import { Link } from "react-router";
import { youtubeChannelUrl } from "../../lib/format.ts";
import { usePublicConfig } from "../../lib/public-config.tsx";
import { NewTabLink } from "./new-tab-link.tsx";

export const GOOGLE_USER_DATA_POLICY_URL = "https://developers.google.com/terms/api-services-user-data-policy";

const LEGAL_LINKS = [
  { to: "/terms", label: "Terms of Service" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/google-info", label: "Google API Usage" },
] as const;

export function Footer() {
  const { youtubeChannelId } = usePublicConfig();
  const year = new Date().getFullYear();

  return (
    <footer className="page-footer">
      <div className="container stack">
        <nav aria-label="Footer" className="footer-nav">
          {LEGAL_LINKS.map(({ to, label }) => (
            <Link key={to} to={to} className="link">
              {label}
            </Link>
          ))}
          <NewTabLink href={youtubeChannelUrl(youtubeChannelId)} className="link">
            YouTube Channel
          </NewTabLink>
        </nav>
        <p className="footer-policy">
          TuBE Rewards&apos; use and transfer of information received from Google APIs adheres to the{" "}
          <NewTabLink href={GOOGLE_USER_DATA_POLICY_URL} className="link">
            Google API Services User Data Policy
          </NewTabLink>
          , including the Limited Use requirements.
        </p>
        <hr className="footer-separator" />
        <div className="footer-bottom">
          <p>© {year} YouTube Token Rewards. All rights reserved.</p>
          <p>Powered by Arbitrum Network</p>
        </div>
      </div>
    </footer>
  );
}
