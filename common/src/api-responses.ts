/** The response bodies the browser reads on /claim, and the server's handlers are typed by: zod/mini (ADR 15). */
import "./zod-csp.ts";
import { z } from "zod/mini";
import { CLAIM_STATUSES } from "./constants.ts";

export const googleAuthResponseSchema = z.object({
  email: z.string(),
  accessToken: z.string().check(z.minLength(1)),
  /** Milliseconds since the epoch. */
  expiresAt: z.number(),
});
export type GoogleAuthResponse = z.infer<typeof googleAuthResponseSchema>;
/** The sign-in answer as the browser first reads it: a missing token is told as such, not as an unreadable answer. */
export const googleAuthAnswerSchema = z.extend(googleAuthResponseSchema, { accessToken: z.optional(z.string()) });

const claimStatusSchema = z.enum(CLAIM_STATUSES);

/**
 * A missing isSubscribed counts as false (docs/product.md#api-calls). accountClaim is the signed-in Google account's
 * own claim, when it holds one that did not fail: Verify tells the visitor there, not only at Claim.
 */
export const verifySubscriptionResponseSchema = z.object({
  isSubscribed: z._default(z.boolean(), false),
  accountClaim: z.optional(
    z.object({
      walletAddress: z.string(),
      status: claimStatusSchema,
      /** ISO 8601: when the claim was made. */
      claimedAt: z.string(),
    }),
  ),
});
export type VerifySubscriptionResponse = z.infer<typeof verifySubscriptionResponseSchema>;

export const claimViewSchema = z.object({
  claimId: z.string(),
  walletAddress: z.string(),
  status: claimStatusSchema,
  txHash: z.nullable(z.string()),
  explorerUrl: z.nullable(z.string()),
  /** Failed with every attempt used: no retry can help until the operator grants one. Optional for an older server. */
  onHold: z.optional(z.boolean()),
  /**
   * A failed claim's known reason, a code of `MINT_FAILURE_REASONS`; null when it failed for a reason the server does
   * not know, or did not fail. Any string is read, so a newer server's code is told as an unknown reason.
   */
  failureReason: z.optional(z.nullable(z.string())),
});
export type ClaimView = z.infer<typeof claimViewSchema>;

export const verifyAndMintResponseSchema = z.object({
  claimed: z.boolean(),
  alreadyClaimed: z.boolean(),
  txHash: z.nullable(z.string()),
  claimId: z.nullable(z.string()),
  status: z.nullable(claimStatusSchema),
  error: z.nullable(z.string()),
  details: z.nullable(z.string()),
});
export type VerifyAndMintResponse = z.infer<typeof verifyAndMintResponseSchema>;

export const checkClaimResponseSchema = z.object({
  claimed: z.boolean(),
  txHash: z.nullable(z.string()),
  status: z.nullable(claimStatusSchema),
  claimId: z.nullable(z.string()),
  /** ISO 8601: when the wallet's claim was made; null without one. Optional for an older server's answer. */
  claimedAt: z.optional(z.nullable(z.string())),
  /** As in a claim's view: failed, and on hold until the operator grants another attempt. */
  onHold: z.optional(z.boolean()),
  /** As in a claim's view. */
  failureReason: z.optional(z.nullable(z.string())),
});
export type CheckClaimResponse = z.infer<typeof checkClaimResponseSchema>;
