import { ARBITRUM_ONE_NAME, REWARD_TOKENS, TOKEN_SYMBOL } from "@tube/common/constants";
import { Link } from "react-router";
import { NewTabLink } from "../../components/ui/new-tab-link.tsx";
import { PageLayout } from "../../components/ui/page-layout.tsx";
import { youtubeSubscribeUrl } from "../../lib/format.ts";
import { usePublicConfig } from "../../lib/public-config.tsx";

const STEPS = [
  {
    title: "Subscribe",
    text: "Subscribe to the channel on YouTube, then confirm it by signing in with Google. We only ask for read-only access.",
  },
  {
    title: "Connect Wallet",
    text: `Connect MetaMask or another wallet on ${ARBITRUM_ONE_NAME}, or sign in with Google to get an embedded wallet.`,
  },
  {
    title: "Claim Tokens",
    text: `Claim your ${REWARD_TOKENS} ${TOKEN_SYMBOL}. They are minted straight to your wallet, and you pay no gas.`,
  },
] as const;

/** Plain markup, no Chakra (ADR 12); `preloadClaim` fetches the wizard on intent (hover, focus, touch). */
export function LandingPage({ preloadClaim }: { preloadClaim?: () => void }) {
  const { youtubeChannelId } = usePublicConfig();

  return (
    <PageLayout>
      <div className="hero">
        <div className="container">
          <div className="stack hero-content">
            <span className="hero-badge">
              {REWARD_TOKENS} {TOKEN_SYMBOL} · {ARBITRUM_ONE_NAME}
            </span>
            <h1 className="hero-title">Subscribe &amp; Earn Tokens</h1>
            <p className="hero-text">
              Subscribe to our YouTube channel and claim {REWARD_TOKENS} {TOKEN_SYMBOL} tokens on the Arbitrum network
              for free. All you need is a wallet address; each wallet and each Google account can claim once.
            </p>
            <div className="hero-actions">
              <Link
                to="/claim"
                className="button button--xl button--hero-primary"
                onPointerEnter={preloadClaim}
                onFocus={preloadClaim}
                onTouchStart={preloadClaim}
              >
                Start Claiming Tokens
              </Link>
              <NewTabLink
                href={youtubeSubscribeUrl(youtubeChannelId)}
                className="button button--xl button--hero-outline"
              >
                Subscribe on YouTube
              </NewTabLink>
            </div>
          </div>
        </div>
      </div>

      <section aria-labelledby="how-it-works" className="container steps-section">
        <h2 id="how-it-works" className="section-title">
          How it works
        </h2>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="step-card">
              <h3 className="step-title">
                <span className="step-number">
                  {index + 1}
                  <span className="visually-hidden">{". "}</span>
                </span>
                {step.title}
              </h3>
              <p className="muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </PageLayout>
  );
}
