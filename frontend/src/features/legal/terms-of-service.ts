import { ARBITRUM_ONE_NAME, REWARD_TOKENS, TOKEN_SYMBOL } from "@tube/common/constants";
import {
  GOOGLE_PERMISSIONS_URL,
  GOOGLE_PRIVACY_POLICY_URL,
  LEGAL_LAST_UPDATED,
  YOUTUBE_TERMS_URL,
  type LegalDocument,
} from "./legal-document.ts";

const REWARD = `${REWARD_TOKENS} ${TOKEN_SYMBOL}`;

export const TERMS_OF_SERVICE: LegalDocument = {
  title: "Terms of Service",
  lastUpdated: LEGAL_LAST_UPDATED,
  numbered: true,
  intro: `These terms govern your use of TuBE Rewards (the "Service"), a web page on which subscribers of one YouTube channel can claim a one-time reward of ${REWARD} tokens on the ${ARBITRUM_ONE_NAME} network. Please read them together with our [Privacy Policy](/privacy).`,
  sections: [
    {
      heading: "Acceptance of Terms",
      blocks: [
        `By using the Service you agree to these Terms of Service. The Service uses YouTube's API Services, so by using the Service you also agree to be bound by the [YouTube Terms of Service](${YOUTUBE_TERMS_URL}). If you do not agree, do not use the Service. You may stop using it at any time.`,
      ],
    },
    {
      heading: "The Service",
      blocks: [
        `The Service lets a subscriber of our YouTube channel claim ${REWARD} tokens, free of charge. To claim, you subscribe to the channel, sign in with Google so that we can verify the subscription, and connect a wallet on ${ARBITRUM_ONE_NAME}. Our server then mints the tokens to that wallet address. You pay no fee and no network (gas) cost for the claim.`,
      ],
    },
    {
      heading: "Eligibility",
      blocks: [
        "To use the Service you must:",
        [
          "be at least 18 years old, or the age of majority where you live if that is higher;",
          "have a Google account with a YouTube channel that is subscribed to our channel;",
          "not be located in, or a resident of, a country or region where receiving the tokens is prohibited;",
          "use the Service only for yourself, not on behalf of someone else.",
        ],
      ],
    },
    {
      heading: "Google Sign-In and YouTube Verification",
      blocks: [
        `We verify your subscription with read-only access to your YouTube account. Google shows you exactly what you share before you agree, and you sign in on Google's own page: we never see or store your Google password. We cannot post, comment, subscribe or change anything on your behalf. You can withdraw our access at any time at [myaccount.google.com/permissions](${GOOGLE_PERMISSIONS_URL}). Your use of Google and YouTube remains subject to their own terms, and Google handles your sign-in under the [Google Privacy Policy](${GOOGLE_PRIVACY_POLICY_URL}).`,
      ],
    },
    {
      heading: "Your Wallet",
      blocks: [
        `You are solely responsible for the wallet you connect and for keeping its keys safe. We never ask for your seed phrase or private key; anyone who does is not us. Blockchain transactions cannot be reversed: make sure the address you connect is yours and supports the ${ARBITRUM_ONE_NAME} network. We cannot recover tokens sent to an address you chose.`,
      ],
    },
    {
      heading: "One Claim per Wallet and per Google Account",
      blocks: [
        "Each wallet address may claim only once, and each Google account may claim only once. Creating several accounts or channels (a Brand Account's channel included), using automated tools, or any other attempt to claim more than once is not allowed; we may refuse such claims, and we may refuse claims made with a Brand Account's channel. The reward is available while the program runs and while tokens remain; we may pause or end the program at any time.",
      ],
    },
    {
      heading: "The TuBE Token",
      blocks: [
        `${TOKEN_SYMBOL} is a reward token given away for free. It is not an investment, carries no right to profits, dividends or redemption, and we make no promise that it has or will have any value or be tradable anywhere. Any taxes that apply to you for receiving it are your responsibility.`,
      ],
    },
    {
      heading: "Acceptable Use",
      blocks: [
        "Do not misuse the Service: do not try to bypass its limits or security, interfere with its operation, overload it with automated requests, or use another person's Google account or wallet without their permission.",
      ],
    },
    {
      heading: "Third-Party Services",
      blocks: [
        `The Service relies on services we do not control: Google and YouTube for sign-in and verification; thirdweb for sending the reward and for the wallet connection, its "Sign in with Google" wallet included; your wallet provider and, if you connect through it, WalletConnect; a blockchain node provider through which the page and our server read the ${ARBITRUM_ONE_NAME} network; and that network for the token transfer. Their outages, fees or changes may delay or prevent a claim.`,
      ],
    },
    {
      heading: "Disclaimer and Limitation of Liability",
      blocks: [
        'The Service is provided "as is" and "as available", without warranties of any kind. To the fullest extent permitted by law, we are not liable for any indirect or consequential loss, or for any loss arising from wallet security, blockchain network issues or third-party services. Nothing in these terms limits liability that cannot be limited by law.',
      ],
    },
    {
      heading: "Changes and Contact",
      blocks: [
        'We may update these terms; the "Last updated" date above shows when they last changed, and continuing to use the Service after a change means you accept it. For questions, contact us through [our YouTube channel](channel).',
      ],
    },
  ],
};
