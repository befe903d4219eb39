/** The response bodies the browser reads on /claim, in zod/mini (ADR 15). */
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
/** The sign-in answer as first read: a missing token is told as such, not as an unreadable answer. */
export const googleAuthAnswerSchema = z.extend(googleAuthResponseSchema, { accessToken: z.optional(z.string()) });

const claimStatusSchema = z.enum(CLAIM_STATUSES);

/** A missing isSubscribed counts as false; accountClaim is the Google account's own claim, unless it failed. */
export const verifySubscriptionResponseSchema = z.object({
  isSubscribed: z._default(z.boolean(), false),
  accountClaim: z.optional(
    z.object({
      walletAddress: z.string(),
      status: claimStatusSchema,
      /** ISO 8601. */
      claimedAt: z.string(),
    }),
  ),
});
export type VerifySubscriptionResponse = z.infer<typeof verifySubscriptionResponseSchema>;

const holdFields = {
  /** Failed, every attempt used, until the operator grants one. Optional for an older server. */
  onHold: z.optional(z.boolean()),
  /** A failed claim's known reason, else null; a newer server's code reads as unknown. */
  failureReason: z.optional(z.nullable(z.string())),
};

export const claimViewSchema = z.object({
  claimId: z.string(),
  walletAddress: z.string(),
  status: claimStatusSchema,
  txHash: z.nullable(z.string()),
  explorerUrl: z.nullable(z.string()),
  ...holdFields,
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
  /** ISO 8601; null without a claim. Optional for an older server. */
  claimedAt: z.optional(z.nullable(z.string())),
  ...holdFields,
});
export type CheckClaimResponse = z.infer<typeof checkClaimResponseSchema>;
