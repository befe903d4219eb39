/**
 * The HTTP contract between the browser and the server: request schemas (the
 * server validates with them) and response schemas (the browser checks what
 * it reads with them; the server's handlers are typed by them).
 */
import "./zod-csp.ts";
import { z } from "zod";
import { CLAIM_STATUSES } from "./constants.ts";

export const walletAddressSchema = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");

export const txHashSchema = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex hash");

const accessTokenSchema = z.string().min(1).max(4096);
const emailSchema = z.string().trim().email().max(320);

export const googleAuthRequestSchema = z.strictObject({
  code: z.string().min(1).max(2048),
  codeVerifier: z.string().min(43).max(128),
  redirectUri: z.string().url().max(2048),
});
export type GoogleAuthRequest = z.infer<typeof googleAuthRequestSchema>;
export const googleAuthResponseSchema = z.object({
  email: z.string(),
  accessToken: z.string().min(1),
  /** Milliseconds since the epoch. */
  expiresAt: z.number(),
});
export type GoogleAuthResponse = z.infer<typeof googleAuthResponseSchema>;

export const revokeRequestSchema = z.strictObject({ accessToken: accessTokenSchema });

export const verifySubscriptionRequestSchema = z.strictObject({
  accessToken: accessTokenSchema,
  channelId: z.string().min(1).max(64),
  youtubeUsername: z.string().trim().min(1).max(100).optional(),
});
export type VerifySubscriptionRequest = z.infer<typeof verifySubscriptionRequestSchema>;
/** Spec §7: a missing isSubscribed counts as false. */
export const verifySubscriptionResponseSchema = z.object({ isSubscribed: z.boolean().default(false) });
export type VerifySubscriptionResponse = z.infer<typeof verifySubscriptionResponseSchema>;

export const verifyAndMintRequestSchema = z.strictObject({
  walletAddress: walletAddressSchema,
  googleEmail: emailSchema.optional(),
  oauthAccessToken: accessTokenSchema,
});
export type VerifyAndMintRequest = z.infer<typeof verifyAndMintRequestSchema>;

const claimStatusSchema = z.enum(CLAIM_STATUSES);

export const claimViewSchema = z.object({
  claimId: z.string(),
  walletAddress: z.string(),
  status: claimStatusSchema,
  txHash: z.string().nullable(),
  explorerUrl: z.string().nullable(),
});
export type ClaimView = z.infer<typeof claimViewSchema>;

export const verifyAndMintResponseSchema = z.object({
  claimed: z.boolean(),
  alreadyClaimed: z.boolean(),
  txHash: z.string().nullable(),
  claimId: z.string().nullable(),
  status: claimStatusSchema.nullable(),
  error: z.string().nullable(),
  details: z.string().nullable(),
});
export type VerifyAndMintResponse = z.infer<typeof verifyAndMintResponseSchema>;

export const walletParamSchema = z.strictObject({ walletAddress: walletAddressSchema });
export const checkClaimResponseSchema = z.object({
  claimed: z.boolean(),
  txHash: z.string().nullable(),
  status: claimStatusSchema.nullable(),
  claimId: z.string().nullable(),
});
export type CheckClaimResponse = z.infer<typeof checkClaimResponseSchema>;

export const claimIdParamSchema = z.strictObject({ claimId: z.string().uuid() });

export const recordClaimRequestSchema = z.strictObject({
  walletAddress: walletAddressSchema,
  googleEmail: emailSchema.optional(),
  txHash: txHashSchema,
});

export { apiErrorBodySchema, publicConfigSchema, type PublicConfig } from "./api-envelope.ts";
