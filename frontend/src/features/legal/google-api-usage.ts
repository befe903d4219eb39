import { GOOGLE_USER_DATA_POLICY_URL } from "../../components/ui/footer.tsx";
import { GOOGLE_PERMISSIONS_URL, type LegalDocument } from "./legal-document.ts";

export const GOOGLE_API_USAGE: LegalDocument = {
  title: "Google API Usage",
  lastUpdated: "November 22, 2026",
  numbered: false,
  intro:
    "TuBE Rewards uses Google sign-in and the YouTube Data API for one thing: to check that you are subscribed to our channel before you claim your reward. This page explains what we ask Google for and what we do with it.",
  sections: [
    {
      heading: "What We Ask Google For",
      blocks: [
        [
          "View your YouTube account (youtube.readonly): read-only, to check your subscription to our channel and to read your own channel's name.",
          "Sign you in (openid): your Google account ID, which makes sure each Google account claims only once.",
          "See your e-mail address (email): shown to you on the claim page, and read by our server to recognise a Brand Account's channel. Our server does not store it.",
        ],
      ],
    },
    {
      heading: "How We Use It",
      blocks: [
        "When you press Verify My Subscription, our server asks YouTube whether your account is subscribed to our channel and compares the username you entered with your own channel's name or handle. It makes no other YouTube requests. Your Google account ID is kept with your claim record so that the same Google account cannot claim twice; after 12 months only a keyed fingerprint of it remains.",
      ],
    },
    {
      heading: "What We Never Do",
      blocks: [
        [
          "See or store your Google password: you sign in on Google's own page.",
          "Post, comment, subscribe, unsubscribe or change anything in your YouTube or Google account.",
          "Store your Google access or refresh tokens on our servers: an access token is used in memory for your request only.",
          "Sell your data, use it for advertising, or use it to train AI or machine-learning models.",
        ],
      ],
    },
    {
      heading: "Limited Use",
      blocks: [
        `TuBE Rewards' use and transfer of information received from Google APIs adheres to the [Google API Services User Data Policy](${GOOGLE_USER_DATA_POLICY_URL}), including the Limited Use requirements.`,
      ],
    },
    {
      heading: "Removing Our Access",
      blocks: [
        `The Reset button on the claim page signs you out and revokes our access token. You can also remove TuBE Rewards from your Google account at any time at [myaccount.google.com/permissions](${GOOGLE_PERMISSIONS_URL}).`,
      ],
    },
    {
      heading: "More Details",
      blocks: [
        "What we store, for how long and your rights are described in our [Privacy Policy](/privacy). Questions are welcome through [our YouTube channel](channel).",
      ],
    },
  ],
};
