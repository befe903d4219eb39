import { ARBITRUM_ONE_NAME, REWARD_TOKENS, TOKEN_SYMBOL } from "@tube/common/constants";
import { GOOGLE_USER_DATA_POLICY_URL } from "../../components/ui/footer.tsx";
import { GOOGLE_PERMISSIONS_URL, LEGAL_LAST_UPDATED, type LegalDocument } from "./legal-document.ts";

export const PRIVACY_POLICY: LegalDocument = {
  title: "Privacy Policy",
  lastUpdated: LEGAL_LAST_UPDATED,
  numbered: true,
  intro: [
    `This policy explains what TuBE Rewards (the "Service") collects when you claim ${REWARD_TOKENS} ${TOKEN_SYMBOL}, why, how long we keep it and what you can do about it. We collect as little as the claim needs and we do not sell your data.`,
  ],
  sections: [
    {
      heading: "Who We Are",
      blocks: [
        {
          paragraph: [
            "The Service is run by the team behind our YouTube channel to reward its subscribers. You can reach us through ",
            { text: "our YouTube channel", channel: true },
            ".",
          ],
        },
      ],
    },
    {
      heading: "Information We Collect",
      blocks: [
        {
          bullets: [
            [
              "From Google, with your permission: your e-mail address, your Google account ID and basic profile, and read-only access to your YouTube account. We never see or store your Google password: you sign in on Google's own page.",
            ],
            [
              "Through that read-only YouTube access: whether you are subscribed to our channel, and your own channel's name and handle, which we compare with the YouTube username you enter.",
            ],
            ["From you: the YouTube username you enter and the wallet address you connect."],
            [
              "Technical data: your IP address is processed to apply rate limits and protect the Service. Server logs are kept for no longer than 30 days.",
            ],
          ],
        },
      ],
    },
    {
      heading: "How We Use Google User Data",
      blocks: [
        {
          paragraph: [
            "We use the data we receive from Google only to verify that you are subscribed to our one channel, to match the username you enter to your own channel, and to make sure each Google account claims only once. We do not use it for advertising, we do not use it to develop, improve or train generalized AI or machine-learning models, and nobody reads it except where needed for security or required by law. Our use and transfer of information received from Google APIs adheres to the ",
            { text: "Google API Services User Data Policy", href: GOOGLE_USER_DATA_POLICY_URL },
            ", including the Limited Use requirements.",
          ],
        },
      ],
    },
    {
      heading: "Google Access Tokens",
      blocks: [
        {
          paragraph: [
            "We do not store your Google access or refresh tokens on our servers. When you verify your subscription or claim, your browser sends the access token with the request; our server uses it only in memory to ask YouTube and Google, and forgets it when the request ends. Your browser keeps the token and your e-mail in its own storage so that a page reload does not sign you out. The Reset button on the claim page revokes the token at Google and clears that storage.",
          ],
        },
      ],
    },
    {
      heading: "What We Store and For How Long",
      blocks: [
        { paragraph: ["For each claim we store:"] },
        {
          bullets: [
            ["the wallet address;"],
            ["your Google account ID and e-mail address;"],
            ["the transaction hash of the token transfer;"],
            ["the claim status and the times it was created and updated."],
          ],
        },
        {
          paragraph: [
            "This is the record of your one-time reward: it lets us enforce one claim per wallet and per Google account and answer questions about a claim. We keep it for as long as the reward program runs plus 12 months, then delete it.",
          ],
        },
      ],
    },
    {
      heading: "Sharing and the Blockchain",
      blocks: [
        {
          paragraph: [
            `We do not sell, rent or trade your data, and we do not share it for advertising. To mint your tokens we send your wallet address and the amount to our transaction service provider (thirdweb). The transfer itself is recorded on the public ${ARBITRUM_ONE_NAME} blockchain: your wallet address, the amount and the transaction hash are visible to anyone, permanently, and cannot be deleted by us or anyone else. Your e-mail and Google account are never written to the blockchain. We disclose data to authorities only when the law requires it.`,
          ],
        },
      ],
    },
    {
      heading: "Security",
      blocks: [
        {
          paragraph: [
            "Data travels over encrypted connections (HTTPS), the claim records are accessible only to the people who run the Service, and we keep no passwords or Google tokens that could be stolen from us.",
          ],
        },
      ],
    },
    {
      heading: "Your Choices and Rights",
      blocks: [
        {
          bullets: [
            [
              "Withdraw our access to your Google account at any time at ",
              { text: "myaccount.google.com/permissions", href: GOOGLE_PERMISSIONS_URL },
              ".",
            ],
            ["Sign out and clear the data your browser keeps with the Reset button on the claim page."],
            [
              "Ask us for a copy of the data we hold about you, or for its correction or deletion, through ",
              { text: "our YouTube channel", channel: true },
              ". We will delete what we can; the public blockchain record cannot be erased.",
            ],
          ],
        },
      ],
    },
    {
      heading: "Children and Changes to This Policy",
      blocks: [
        {
          paragraph: [
            'The Service is not meant for anyone under 18 and we do not knowingly collect data from children. We may update this policy; the "Last updated" date above shows when it last changed.',
          ],
        },
      ],
    },
  ],
};
