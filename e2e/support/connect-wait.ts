/** The page's promise: it waits this long for a wallet's answer (docs/product.md), moved past on the page's clock. */
export const CONNECT_WAIT = { text: "up to 30 seconds", past: "00:31" };
/** What the page says when no wallet answered in that time. */
export const NOT_ANSWERED =
  "Your wallet did not answer within 30 seconds. Open your wallet to approve the request, try again, or sign in with Google to create a wallet instead.";
