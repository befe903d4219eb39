/** The wizard's toasts, word for word, and which one a failure gets. */
import type { VerifySubscriptionResponse } from "@tube/common/api";
import { REWARD_TOKENS } from "@tube/common/constants";
import { ERROR_CATALOGUE, errorKindOf, isErrorCode, type ErrorCode, type ErrorCodeOfKind } from "@tube/common/errors";
import type { Notification as Toast } from "../../components/ui/toaster.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { formatClaimDate, shortenAddress } from "../../lib/format.ts";
import { UNEXPLAINED_CLAIM_REFUSAL } from "./api/claim-api.ts";
import { MintFailure } from "./api/claim-polling.ts";

/** The claim's toasts replace one another as it advances. */
export const CLAIM_TOAST_ID = "claim-mint";

const toast = (type: Toast["type"], title: string, description: string): Toast => ({ type, title, description });
const error = (title: string, description: string) => toast("error", title, description);

export const TOASTS = {
  verifyAuthRequired: error(
    "Authentication Required",
    "Please authenticate with Google first to verify your subscription.",
  ),
  usernameRequired: error("Username Required", "Please enter your YouTube username."),
  walletRequired: error("Wallet Required", "Please connect your wallet before verifying."),
  verifying: toast("loading", "Verifying Subscription...", "Checking if you're subscribed to the channel..."),
  verified: toast("success", "Subscription Verified!", "Your subscription to the channel is confirmed."),
  alreadyClaimed: error("Already Claimed", ERROR_CATALOGUE.ALREADY_CLAIMED.message),
  notSubscribed: error("Not Subscribed", ERROR_CATALOGUE.NOT_SUBSCRIBED.message),

  walletNotConnected: error("Wallet Not Connected", "Please connect your wallet to continue."),
  usernameMissing: error("YouTube Username Missing", "Please enter your YouTube username."),
  mintAuthRequired: error("Authentication Required", "Please authenticate with Google first."),
  checkingClaim: toast("info", "Checking Claim Status", "Looking up whether this wallet has already claimed..."),
  processing: toast("loading", "Processing Transaction", `Preparing to mint ${REWARD_TOKENS} tokens on Arbitrum...`),
  minted: toast(
    "success",
    "Transaction Successful",
    `${REWARD_TOKENS} tokens have been minted and sent to your wallet!`,
  ),
  tokensAlreadyClaimed: toast("info", "Tokens Already Claimed", "This wallet has already received its tokens."),

  loggedOut: toast("success", "Logged out from Google", "You can now reconnect with your Google account"),
  logoutFailed: error("Error during logout", "Please try clearing your cookies manually"),
  /** A claim under way found after a reload, with no Google session to follow it. */
  missingGoogleData: error(
    "Minting Failed",
    "Missing Google authentication data. Please connect with Google again to follow your claim.",
  ),
} satisfies Record<string, Toast>;

/** Verify found the wallet paid earlier: when, if the server said. */
export function walletAlreadyClaimedToast(claimedAt: string | null | undefined) {
  const base = TOASTS.alreadyClaimed;
  return claimedAt
    ? { ...base, description: `${base.description} It claimed them on ${formatClaimDate(claimedAt)}.` }
    : base;
}

/** Done after a reload or a second visit: the tokens came earlier, and when. */
export function tokensAlreadyClaimedToast(claimedAt: string | null | undefined) {
  const base = TOASTS.tokensAlreadyClaimed;
  return claimedAt
    ? { ...base, description: `This wallet received its tokens on ${formatClaimDate(claimedAt)}.` }
    : base;
}

type AccountClaim = NonNullable<VerifySubscriptionResponse["accountClaim"]>;

/** The signed-in Google account claimed with another wallet. */
export function accountAlreadyClaimedToast({ walletAddress, status, claimedAt }: AccountClaim) {
  const progress = status === "confirmed" ? "is complete" : "is still being minted";
  return error(
    "Already Claimed",
    `${ERROR_CATALOGUE.GOOGLE_ACCOUNT_ALREADY_CLAIMED.message} Its claim of ${formatClaimDate(claimedAt)} to ${shortenAddress(walletAddress)} ${progress}.`,
  );
}

const SUBSCRIPTION_UNVERIFIED =
  "We couldn't verify your YouTube subscription. Please ensure you're subscribed to the channel.";

/** The product's sentence, then the catalogue's reason (or a lost connection) if any. */
export function subscriptionCheckFailedToast(cause: unknown) {
  if (cause instanceof ApiError && errorKindOf(cause.code) === "waitAndRetry") return waitToRetryToast(cause);
  if (isCode(cause, "NOT_SUBSCRIBED"))
    return { ...TOASTS.notSubscribed, description: messageOf(cause) ?? TOASTS.notSubscribed.description };
  const helpfulReason =
    cause instanceof ApiError && (isErrorCode(cause.code) || cause.code === "NETWORK") ? messageOf(cause) : undefined;
  return error(
    "Subscription Verification Failed",
    helpfulReason ? `${SUBSCRIPTION_UNVERIFIED} ${helpfulReason}` : SUBSCRIPTION_UNVERIFIED,
  );
}

export function eligibilityCheckFailedToast(cause: unknown) {
  return error("Eligibility Check Failed", messageOf(cause) ?? "Could not verify claim status.");
}

export function failedClaimAfter(cause: unknown) {
  if (cause instanceof MintFailure) return cause.failedClaim;
  if (!(cause instanceof ApiError)) return "none";
  if (cause.code === "MINT_ATTEMPTS_EXHAUSTED") return "onHold";
  return RETRYABLE_MINT_CODES.includes(cause.code) ? "retryable" : "none";
}

const RETRYABLE_MINT_CODES: readonly string[] = [
  "MINT_FAILED",
  "MINT_UNAVAILABLE",
] satisfies ErrorCodeOfKind<"minting">[];

/** Any failure of the claim: the code's kind picks the title; the server's text is shown. */
export function claimFailedToast(cause: unknown) {
  if (cause instanceof MintFailure) return mintingFailed(cause.message);
  if (!(cause instanceof ApiError)) return processFailed(messageOf(cause));
  switch (cause.code) {
    case "NOT_SUBSCRIBED":
      return { ...TOASTS.notSubscribed, description: cause.message };
    case "CLAIM_STARTED_BY_ANOTHER_ACCOUNT":
      return error("Claim Started by Another Account", cause.message);
    case UNEXPLAINED_CLAIM_REFUSAL:
      return error(
        "Verification Failed",
        cause.message || "Failed to verify subscription. Please make sure you're subscribed to the channel.",
      );
  }
  switch (errorKindOf(cause.code)) {
    case "waitAndRetry":
      return waitToRetryToast(cause);
    case "conflict":
      return { ...TOASTS.alreadyClaimed, description: cause.message || TOASTS.alreadyClaimed.description };
    case "minting":
      return mintingFailed(cause.message);
    case "verification":
      return error("Verification Failed", cause.message || "An unexpected error occurred during verification.");
    case "request":
    case undefined:
      return processFailed(cause.message || undefined);
  }
}

const mintingFailed = (message: string) =>
  error("Minting Failed", message || "An unexpected error occurred during minting.");
const processFailed = (message: string | undefined) =>
  error("Process Failed", message ?? "Failed to complete the token claim process.");

/** Title, what happened, and the wait without Retry-After; all come before anything is reserved (ADR 23). */
const WAIT_TO_RETRY: Record<ErrorCodeOfKind<"waitAndRetry">, [title: string, happened: string, untilRetry: string]> = {
  ACCOUNT_RATE_LIMITED: [
    "Too Many Attempts",
    "This Google account's subscription was checked too many times in a short while.",
    "a few minutes",
  ],
  ACCOUNT_DAILY_LIMIT_REACHED: [
    "Daily Limit Reached",
    "This Google account's subscription was checked as many times as one account may in a day.",
    "a few hours",
  ],
  YOUTUBE_QUOTA_RESERVED: [
    "Verification Paused Until Midnight",
    "Today's YouTube verifications are nearly used up, and what is left is kept for viewers finishing their claim; verification resumes at midnight Pacific time.",
    "a few hours",
  ],
  GOOGLE_UNAVAILABLE: ["Google Unavailable", "Google could not be reached to check your account.", "a moment"],
  CLAIMS_PAUSED: ["Claiming Paused", "Claiming is paused for a while.", "a while"],
  MINTING_PAUSED: [
    "Claiming Paused",
    "New claims are paused while we fix a problem with our minting setup.",
    "a while",
  ],
  STORE_UNAVAILABLE: ["Claims Unavailable", "Our claim records could not be reached.", "a moment"],
};

function waitToRetryToast(cause: ApiError) {
  const [title, happened, untilRetry] = WAIT_TO_RETRY[cause.code as ErrorCodeOfKind<"waitAndRetry">];
  const wait = cause.retryAfterSeconds;
  return error(title, `${happened} Nothing was claimed. Please try again in ${wait ? duration(wait) : untilRetry}.`);
}

/** Retry-After in words, rounded up: "45 seconds", "4 minutes", "2 hours". */
function duration(seconds: number) {
  const [amount, unit] =
    seconds < 60
      ? [seconds, "second"]
      : seconds < 3600
        ? [Math.ceil(seconds / 60), "minute"]
        : [Math.ceil(seconds / 3600), "hour"];
  return `${amount} ${unit}${amount === 1 ? "" : "s"}`;
}

export function isCode(cause: unknown, code: ErrorCode) {
  return cause instanceof ApiError && cause.code === code;
}

function messageOf(cause: unknown) {
  return cause instanceof Error && cause.message ? cause.message : undefined;
}
