/**
 * The wizard's toasts (spec §5 and §8), verbatim, and which one a failure
 * gets. Server failures carry the catalogue's user-facing text, shown as is.
 */
import { REWARD_TOKENS } from "@tube/common/constants";
import type { VerifyAndMintResponse } from "@tube/common/api";
import type { ErrorCode } from "@tube/common/errors";
import type { Notification } from "../../components/ui/toaster.tsx";
import { ApiError, CLIENT_ERROR_CODES } from "../../lib/api-client.ts";
import { MintFailure } from "./api/claim-polling.ts";

type Toast = Notification;

const error = (title: string, description: string): Toast => ({ type: "error", title, description });

export const TOASTS = {
  verifyAuthRequired: error(
    "Authentication Required",
    "Please authenticate with Google first to verify your subscription.",
  ),
  usernameRequired: error("Username Required", "Please enter your YouTube username."),
  walletRequired: error("Wallet Required", "Please connect your wallet before verifying."),
  verifying: {
    type: "loading",
    title: "Verifying Subscription...",
    description: "Checking if you're subscribed to the channel...",
  },
  verified: {
    type: "success",
    title: "Subscription Verified!",
    description: "Your subscription to the channel is confirmed.",
  },
  alreadyClaimed: error("Already Claimed", "This wallet address has already claimed tokens."),
  notSubscribed: error("Not Subscribed", "You don't appear to be subscribed to the channel. Please subscribe first."),

  walletNotConnected: error("Wallet Not Connected", "Please connect your wallet to continue."),
  usernameMissing: error("YouTube Username Missing", "Please enter your YouTube username."),
  mintAuthRequired: error("Authentication Required", "Please authenticate with Google first."),
  checkingClaim: {
    type: "info",
    title: "Checking Claim Status",
    description: "Looking up whether this wallet has already claimed...",
  },
  processing: {
    type: "loading",
    title: "Processing Transaction",
    description: `Preparing to mint ${REWARD_TOKENS} tokens on Arbitrum...`,
  },
  minted: {
    type: "success",
    title: "Transaction Successful",
    description: `${REWARD_TOKENS} tokens have been minted and sent to your wallet!`,
  },
  tokensAlreadyClaimed: {
    type: "info",
    title: "Tokens Already Claimed",
    description: "This wallet has already received its tokens.",
  },

  loggedOut: {
    type: "success",
    title: "Logged out from Google",
    description: "You can now reconnect with your Google account",
  },
  logoutFailed: error("Error during logout", "Please try clearing your cookies manually"),
} as const satisfies Record<string, Toast>;

/**
 * The subscription check threw (spec §8 'Subscription Verification Failed'), unless it says "not subscribed".
 * Spec §7: a non-OK answer without a catalogue code (a proxy's, say) reads 'Verification failed: {status}'.
 */
export function subscriptionCheckFailedToast(cause: unknown): Toast {
  const waitToRetry = waitToRetryToast(cause);
  if (waitToRetry) return waitToRetry;
  if (isCode(cause, "NOT_SUBSCRIBED"))
    return { ...TOASTS.notSubscribed, description: messageOf(cause) ?? TOASTS.notSubscribed.description };
  const uncatalogued = cause instanceof ApiError && cause.code === CLIENT_ERROR_CODES.HTTP_ERROR;
  return error(
    "Subscription Verification Failed",
    (uncatalogued ? `Verification failed: ${cause.status}` : messageOf(cause)) ??
      "We couldn't verify your YouTube subscription. Please ensure you're subscribed to the channel.",
  );
}

export function eligibilityCheckFailedToast(cause: unknown): Toast {
  return error("Eligibility Check Failed", messageOf(cause) ?? "Could not verify claim status.");
}

/**
 * verify-and-mint answered without a claim under way: held by this wallet or this Google account ('Already Claimed'
 * with the server's own sentence), started by another Google account (ADR 9), a mint that failed ('Minting Failed'),
 * or else refused (spec §8 'Verification Failed').
 */
export function claimRefusedToast(result: Pick<VerifyAndMintResponse, "details" | "error" | "status">): Toast {
  const reason = result.error ?? result.details;
  if (result.details && ALREADY_CLAIMED_CODES.includes(result.details))
    return { ...TOASTS.alreadyClaimed, description: reason || TOASTS.alreadyClaimed.description };
  if (result.details === "CLAIM_STARTED_BY_ANOTHER_ACCOUNT")
    return error("Claim Started by Another Account", reason || "");
  if (result.status === "failed")
    return error("Minting Failed", reason || "An unexpected error occurred during minting.");
  return error(
    "Verification Failed",
    reason || "Failed to verify subscription. Please make sure you're subscribed to the channel.",
  );
}

/** The server no longer accepts the Google token: the visitor must authorize again. */
export function isGoogleSessionRejected(cause: unknown): boolean {
  return isCode(cause, "GOOGLE_TOKEN_INVALID");
}

/** The mint failed and the wallet's claim stays failed, for its Google account to retry (ADR 9). */
export function isRetryableMintFailure(cause: unknown): boolean {
  if (cause instanceof MintFailure) return cause.retryable;
  return isCode(cause, "MINT_FAILED") || isCode(cause, "MINT_UNAVAILABLE");
}

const ALREADY_CLAIMED_CODES: readonly string[] = [
  "ALREADY_CLAIMED",
  "GOOGLE_ACCOUNT_ALREADY_CLAIMED",
] satisfies ErrorCode[];
const MINTING_CODES: readonly string[] = [
  "MINT_FAILED",
  "MINT_ATTEMPTS_EXHAUSTED",
  "MINT_UNAVAILABLE",
  "CLAIM_BUDGET_EXHAUSTED",
  "CLAIM_NOT_FOUND",
] satisfies ErrorCode[];
/** The server refused the claim because of who is asking: Google, YouTube or the request itself. */
const VERIFICATION_CODES: readonly string[] = [
  "VALIDATION_FAILED",
  "INVALID_WALLET_ADDRESS",
  "WRONG_CHANNEL",
  "GOOGLE_AUTH_FAILED",
  "GOOGLE_TOKEN_INVALID",
  "GOOGLE_TOKEN_WRONG_AUDIENCE",
  "GOOGLE_SCOPE_MISSING",
  "EMAIL_MISMATCH",
  "USERNAME_MISMATCH",
  "YOUTUBE_SIGNUP_REQUIRED",
  "YOUTUBE_INSUFFICIENT_PERMISSIONS",
  "YOUTUBE_ACCOUNT_SUSPENDED",
  "YOUTUBE_SUBSCRIPTION_FORBIDDEN",
  "YOUTUBE_SUBSCRIBER_NOT_FOUND",
  "YOUTUBE_QUOTA_EXCEEDED",
  "YOUTUBE_UNAVAILABLE",
  "WALLET_DENIED",
  "GOOGLE_ACCOUNT_DENIED",
] satisfies ErrorCode[];

/** Any failure of the claim (step 2) after its checks passed. */
export function claimFailedToast(cause: unknown): Toast {
  if (cause instanceof MintFailure)
    return error("Minting Failed", cause.message || "An unexpected error occurred during minting.");
  const waitToRetry = waitToRetryToast(cause);
  if (waitToRetry) return waitToRetry;
  if (cause instanceof ApiError) {
    if (ALREADY_CLAIMED_CODES.includes(cause.code)) return { ...TOASTS.alreadyClaimed, description: cause.message };
    if (cause.code === "NOT_SUBSCRIBED") return { ...TOASTS.notSubscribed, description: cause.message };
    if (MINTING_CODES.includes(cause.code))
      return error("Minting Failed", cause.message || "An unexpected error occurred during minting.");
    if (VERIFICATION_CODES.includes(cause.code)) {
      return error("Verification Failed", cause.message || "An unexpected error occurred during verification.");
    }
  }
  return error("Process Failed", messageOf(cause) ?? "Failed to complete the token claim process.");
}

/**
 * Refusals that pass by themselves, at either step; the spec has no wording for them. Both come before anything is
 * reserved (ADR 8), so the toast can say nothing was claimed, and when to come back: the server's Retry-After.
 */
const WAIT_TO_RETRY: Partial<Record<ErrorCode, { title: string; happened: string; untilRetry: string }>> = {
  ACCOUNT_RATE_LIMITED: {
    title: "Too Many Attempts",
    happened: "This Google account's subscription was checked too many times in a short while.",
    untilRetry: "a few minutes",
  },
  GOOGLE_UNAVAILABLE: {
    title: "Google Unavailable",
    happened: "Google could not be reached to check your account.",
    untilRetry: "a moment",
  },
  CLAIMS_PAUSED: {
    title: "Claiming Paused",
    happened: "Claiming is paused for a while.",
    untilRetry: "a while",
  },
};

function waitToRetryToast(cause: unknown): Toast | null {
  if (!(cause instanceof ApiError)) return null;
  const text = WAIT_TO_RETRY[cause.code as ErrorCode];
  if (!text) return null;
  const wait = cause.retryAfterSeconds;
  return error(
    text.title,
    `${text.happened} Nothing was claimed. Please try again in ${wait ? duration(wait) : text.untilRetry}.`,
  );
}

/** Retry-After in words, rounded up: "45 seconds", "4 minutes", "2 hours". */
function duration(seconds: number): string {
  const [amount, unit] =
    seconds < 60
      ? [seconds, "second"]
      : seconds < 3600
        ? [Math.ceil(seconds / 60), "minute"]
        : [Math.ceil(seconds / 3600), "hour"];
  return `${amount} ${unit}${amount === 1 ? "" : "s"}`;
}

function isCode(cause: unknown, code: ErrorCode): boolean {
  return cause instanceof ApiError && cause.code === code;
}

function messageOf(cause: unknown): string | undefined {
  return cause instanceof Error && cause.message ? cause.message : undefined;
}
