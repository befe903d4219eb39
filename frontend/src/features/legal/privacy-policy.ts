import { ARBITRUM_ONE_NAME, REWARD_TOKENS, TOKEN_SYMBOL } from "@tube/common/constants";
import { GOOGLE_USER_DATA_POLICY_URL } from "../../components/ui/footer.tsx";
import {
  GOOGLE_PERMISSIONS_URL,
  GOOGLE_PRIVACY_POLICY_URL,
  LEGAL_LAST_UPDATED,
  type LegalDocument,
} from "./legal-document.ts";

export const PRIVACY_POLICY: LegalDocument = {
  title: "Privacy Policy",
  lastUpdated: LEGAL_LAST_UPDATED,
  numbered: true,
  intro: `This policy explains what TuBE Rewards (the "Service") collects when you claim ${REWARD_TOKENS} ${TOKEN_SYMBOL}, why, how long we keep it and what you can do about it. We collect as little as the claim needs and we do not sell your data.`,
  sections: [
    {
      heading: "Who We Are",
      blocks: [
        "The Service is run by the team behind our YouTube channel to reward its subscribers. You can reach us through [our YouTube channel](channel).",
      ],
    },
    {
      heading: "Information We Collect",
      blocks: [
        [
          "From Google, with your permission (sign-in, your e-mail address and read-only access to your YouTube account): your Google account ID and your e-mail address. We never see or store your Google password: you sign in on Google's own page.",
          "Through that read-only YouTube access: whether you are subscribed to our channel, and your own channel's name and handle, which we compare with the YouTube username you enter. We use them while answering your request and do not store them.",
          "From you: the YouTube username you enter (used the same way, not stored) and the wallet address you connect.",
          "Technical data: your IP address is used to apply rate limits and protect the Service; the counters it keys are deleted once their minute is over. Our server's logs record each request's method, path, status and time, without your IP address, the address's query string or any token.",
        ],
      ],
    },
    {
      heading: "How We Use Google User Data",
      blocks: [
        `We use the data we receive from Google only to verify that you are subscribed to our one channel, to match the username you enter to your own channel, and to make sure each Google account claims only once. We do not use it for advertising, we do not use it to develop, improve or train generalized AI or machine-learning models, and nobody reads it except where needed for security or required by law. Our use and transfer of information received from Google APIs adheres to the [Google API Services User Data Policy](${GOOGLE_USER_DATA_POLICY_URL}), including the Limited Use requirements. What Google itself does with your data is described in the [Google Privacy Policy](${GOOGLE_PRIVACY_POLICY_URL}).`,
      ],
    },
    {
      heading: "Google Access Tokens",
      blocks: [
        "We do not ask Google for offline access, so no refresh token is ever issued to us, and we do not store your Google access token on our servers. When you verify your subscription or claim, your browser sends the access token with the request; our server uses it only in memory to ask YouTube and Google, and forgets it when the request ends. Your browser keeps the token and your e-mail in its own storage so that a page reload does not sign you out. The Reset button on the claim page revokes the token at Google and clears that storage.",
      ],
    },
    {
      heading: "What We Store and For How Long",
      blocks: [
        "For each claim we store:",
        [
          "the wallet address;",
          "your Google account ID;",
          "the transaction hash of the token transfer;",
          "the claim status, the count of attempts to send the reward, and the times it was created and updated.",
        ],
        "We do not store your e-mail address, your YouTube username or channel name, or your Google tokens. This record of your one-time reward lets us enforce one claim per wallet and per Google account and answer questions about a claim. We keep the personal data in it for 12 months after the claim. Then it is erased, except the wallet address, the transaction hash and a keyed fingerprint of your Google account ID: a code computed from the ID with a secret key, from which the ID cannot be read back, kept only so that the same Google account cannot claim twice. Apart from claim records, to protect the YouTube quota we count the subscription checks each Google account ID asks for, and remember a check that found you subscribed for a few minutes; these counts and memories last no longer than a day.",
      ],
    },
    {
      heading: "Sharing and the Blockchain",
      blocks: [
        "We do not sell, rent or trade your data, we do not share it for advertising, and the Service uses no analytics or advertising trackers. Only these services receive data, each for its part of the claim:",
        [
          "Google: you sign in on Google's page, and our server sends your access token to Google to check it and to ask YouTube whether you are subscribed and what your own channel is called.",
          "thirdweb: to send your tokens, our server gives thirdweb's transaction service your wallet address and the amount. The wallet connection on the claim page also uses thirdweb's services, and if you choose 'Sign in with Google' your wallet is created and unlocked by thirdweb, which then receives your sign-in from Google under its own terms.",
          `The blockchain node provider through which your browser and our server read the ${ARBITRUM_ONE_NAME} network: it receives your wallet address in those reads, and your IP address from your browser.`,
          "WalletConnect: if you connect a wallet through WalletConnect, the messages between the page and your wallet pass through WalletConnect's relay.",
        ],
        `The transfer itself is recorded on the public ${ARBITRUM_ONE_NAME} blockchain: your wallet address, the amount and the transaction hash are visible to anyone, permanently, and cannot be deleted by us or anyone else. Your e-mail and Google account are never written to the blockchain. We disclose data to authorities only when the law requires it.`,
      ],
    },
    {
      heading: "Security",
      blocks: [
        "Data travels over encrypted connections (HTTPS), the claim records are accessible only to the people who run the Service, and we keep no passwords or Google tokens that could be stolen from us.",
      ],
    },
    {
      heading: "Your Choices and Rights",
      blocks: [
        [
          `Withdraw our access to your Google account at any time at [myaccount.google.com/permissions](${GOOGLE_PERMISSIONS_URL}).`,
          "Sign out and clear the data your browser keeps with the Reset button on the claim page.",
          "Ask us for a copy of the data we hold about you, or for its correction or deletion, through [our YouTube channel](channel). Deleting a claim record erases it as the 12-month expiry does: the wallet address, the transaction hash and the keyed fingerprint stay so that the wallet and the Google account cannot claim again, and the public blockchain record cannot be erased.",
        ],
      ],
    },
    {
      heading: "Children and Changes to This Policy",
      blocks: [
        'The Service is not meant for anyone under 18 and we do not knowingly collect data from children. We may update this policy; the "Last updated" date above shows when it last changed.',
      ],
    },
  ],
};
