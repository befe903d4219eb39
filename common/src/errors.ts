/** Each failure the API reports; the browser shows its text verbatim. */

/** What the browser decides on (which toast, which title), never its text. */
export type ErrorKind =
  /** The checks refused the asker or what was sent; the visitor may change it and retry. */
  | "verification"
  /** The reward is held by this wallet, this Google account, or the one that started the wallet's claim. */
  | "conflict"
  /** The checks passed, but the mint failed, cannot be queued, has no budget left, or its claim is gone. */
  | "minting"
  /** Refused before any reservation, for a reason that passes (a limit, an outage, a pause): Retry-After. */
  | "waitAndRetry"
  /** Not served for a reason outside the claim's rules: an unknown path, an operator endpoint, a server fault. */
  | "request";

const ENTRIES = {
  VALIDATION_FAILED: [400, "verification", "The request is invalid."],
  INVALID_WALLET_ADDRESS: [400, "verification", "Please enter a valid wallet address."],
  WRONG_CHANNEL: [400, "verification", "Only subscriptions to this app's channel can be verified."],
  REDIRECT_URI_NOT_ALLOWED: [400, "request", "This sign-in callback is not allowed."],
  GOOGLE_AUTH_FAILED: [401, "verification", "Failed to connect with Google. Please try again."],
  GOOGLE_TOKEN_INVALID: [401, "verification", "Your Google session has expired. Please connect with Google again."],
  GOOGLE_TOKEN_WRONG_AUDIENCE: [
    401,
    "verification",
    "This Google authorization was not issued to this app. Please connect with Google again.",
  ],
  GOOGLE_SCOPE_MISSING: [
    403,
    "verification",
    "Please allow read-only access to your YouTube account so we can verify your subscription.",
  ],
  BRAND_ACCOUNT_REFUSED: [
    403,
    "verification",
    "This YouTube channel belongs to a Brand Account. Please sign in with your personal Google account instead.",
  ],
  EMAIL_MISMATCH: [403, "verification", "The e-mail does not match your Google account."],
  NOT_SUBSCRIBED: [403, "verification", "You don't appear to be subscribed to the channel. Please subscribe first."],
  USERNAME_MISMATCH: [403, "verification", "This YouTube username does not match the signed-in Google account."],
  YOUTUBE_SIGNUP_REQUIRED: [
    403,
    "verification",
    "This Google account has no YouTube channel. Please sign in with the account you use on YouTube.",
  ],
  YOUTUBE_INSUFFICIENT_PERMISSIONS: [
    403,
    "verification",
    "Google did not grant access to your YouTube subscriptions. Please connect with Google again and allow it.",
  ],
  YOUTUBE_ACCOUNT_SUSPENDED: [403, "verification", "This YouTube account is closed or suspended."],
  YOUTUBE_SUBSCRIPTION_FORBIDDEN: [
    403,
    "verification",
    "Your YouTube subscriptions are private. Please make them visible and try again.",
  ],
  YOUTUBE_SUBSCRIBER_NOT_FOUND: [404, "verification", "We couldn't find your YouTube account."],
  YOUTUBE_QUOTA_EXCEEDED: [503, "verification", "YouTube verification is busy right now. Please try again later."],
  YOUTUBE_UNAVAILABLE: [503, "verification", "YouTube could not be reached. Please try again in a moment."],
  GOOGLE_UNAVAILABLE: [503, "waitAndRetry", "Google could not be reached. Please try again in a moment."],
  ACCOUNT_RATE_LIMITED: [
    429,
    "waitAndRetry",
    "Too many verification attempts for this Google account. Please wait a few minutes and try again.",
  ],
  ACCOUNT_DAILY_LIMIT_REACHED: [
    429,
    "waitAndRetry",
    "This Google account has used today's verification attempts. Verification resumes for it at midnight Pacific time.",
  ],
  YOUTUBE_QUOTA_RESERVED: [
    503,
    "waitAndRetry",
    "Today's YouTube verifications are nearly used up, and what is left is kept for viewers who already verified. Verification resumes at midnight Pacific time.",
  ],
  ALREADY_CLAIMED: [409, "conflict", "This wallet address has already claimed tokens."],
  GOOGLE_ACCOUNT_ALREADY_CLAIMED: [
    409,
    "conflict",
    "This Google account has already claimed tokens with another wallet.",
  ],
  CLAIM_STARTED_BY_ANOTHER_ACCOUNT: [
    409,
    "conflict",
    "This wallet's earlier claim did not go through. Only the Google account that started it can retry it: connect with that account, or use another wallet.",
  ],
  WALLET_DENIED: [
    403,
    "verification",
    "This wallet may not claim rewards. If you think this is a mistake, please contact us.",
  ],
  GOOGLE_ACCOUNT_DENIED: [
    403,
    "verification",
    "This Google account may not claim rewards. If you think this is a mistake, please contact us.",
  ],
  CLAIMS_PAUSED: [503, "waitAndRetry", "Claiming is paused for a while. Nothing was claimed; please try again later."],
  MINTING_PAUSED: [
    503,
    "waitAndRetry",
    "New claims are paused while we fix a problem with our minting setup. Nothing was claimed; please try again later.",
  ],
  CLAIM_BUDGET_EXHAUSTED: [410, "minting", "All rewards have been claimed. Thank you for your support!"],
  CLAIM_NOT_FOUND: [404, "minting", "No claim was found."],
  TX_HASH_MISMATCH: [409, "request", "This transaction does not match the recorded claim."],
  MINT_FAILED: [502, "minting", "Minting failed. Please try again."],
  MINT_ATTEMPTS_EXHAUSTED: [
    502,
    "minting",
    "Minting failed several times, so this claim is on hold: nothing was minted and your claim is kept. Please try again later, once we have looked into it.",
  ],
  MINT_UNAVAILABLE: [503, "minting", "Minting is temporarily unavailable. Please try again in a moment."],
  STORE_UNAVAILABLE: [503, "waitAndRetry", "Claims are temporarily unavailable. Please try again in a moment."],
  RATE_LIMITED: [429, "request", "Too many requests. Please wait a moment and try again."],
  NOT_FOUND: [404, "request", "Not found."],
  OPERATOR_TOKEN_REQUIRED: [401, "request", "This endpoint is for the operator and needs its bearer token."],
  INTERNAL: [500, "request", "An unexpected error occurred."],
} as const satisfies Record<string, readonly [status: number, kind: ErrorKind, message: string]>;

type Entries = typeof ENTRIES;

export const ERROR_CATALOGUE = Object.fromEntries(
  Object.entries(ENTRIES).map(([code, [status, kind, message]]) => [code, { status, kind, message }]),
) as { [Code in keyof Entries]: { status: Entries[Code][0]; kind: Entries[Code][1]; message: Entries[Code][2] } };

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** The codes of one kind, for tables that must cover each. */
export type ErrorCodeOfKind<Kind extends ErrorKind> = {
  [Code in ErrorCode]: (typeof ERROR_CATALOGUE)[Code]["kind"] extends Kind ? Code : never;
}[ErrorCode];

/** Undefined for a code this catalogue does not know (a newer server's, or the client's own). */
export function errorKindOf(code: string): ErrorKind | undefined {
  return isErrorCode(code) ? ERROR_CATALOGUE[code].kind : undefined;
}

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CATALOGUE, code);
}

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; retryAfterSeconds?: number };
}

/** Why a failed claim's last mint died (`failureReason`): the visitor's sentence, never Engine's words. */
const MINT_FAILURE_REASONS = {
  REWARD_CAP_REACHED: "Transaction failed: every reward this campaign holds has been paid out.",
  /** Engine gave up before sending it (a failed simulation, no gas funds). */
  NOT_SENT: "Transaction failed: our minting service could not send it to the network.",
  REVERTED: "Transaction failed: it reached the network, but the rewards contract did not pay the reward.",
  CANCELLED: "Transaction failed: it was cancelled before it was sent.",
  /** Neither confirmed nor failed within the attempt's grace blocks. */
  NOT_CONFIRMED: "Transaction failed: it was not confirmed on the network in time.",
} as const satisfies Record<string, string>;

export type MintFailureReason = keyof typeof MINT_FAILURE_REASONS;

/** Null for a missing or unknown (newer) reason. */
export function mintFailureText(reason: string | null | undefined): string | null {
  return reason && Object.hasOwn(MINT_FAILURE_REASONS, reason)
    ? MINT_FAILURE_REASONS[reason as MintFailureReason]
    : null;
}
