/** Request schemas in full zod; the response schemas (zod/mini, ADR 15) re-exported. */
import "./zod-csp.ts";
import { z } from "zod";
import { CLAIM_STATUSES, CLAIM_WAIT_MAX_SECONDS } from "./constants.ts";

const walletAddressSchema = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address")
  // Tokens sent there are burnt, and the rewards contract refuses it too.
  .refine((address) => !/^0x0{40}$/.test(address), "must not be the zero address, which cannot receive tokens");

const txHashSchema = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex hash");

/** Handed on to Google in a header: visible ASCII only, or the header check throws with the value. */
const credentialSchema = (minLength: number, maxLength: number) =>
  z
    .string()
    .min(minLength)
    .max(maxLength)
    .regex(/^[\x21-\x7e]+$/, "must be visible ASCII characters");

const accessTokenSchema = credentialSchema(1, 4096);
const emailSchema = z.string().trim().email().max(320);

export const googleAuthRequestSchema = z.strictObject({
  code: credentialSchema(1, 2048),
  codeVerifier: credentialSchema(43, 128),
  redirectUri: z.string().url().max(2048),
});
export type GoogleAuthRequest = z.infer<typeof googleAuthRequestSchema>;

export const revokeRequestSchema = z.strictObject({ accessToken: accessTokenSchema });

export const verifySubscriptionRequestSchema = z.strictObject({
  accessToken: accessTokenSchema,
  channelId: z.string().min(1).max(64),
  youtubeUsername: z.string().trim().min(1).max(100).optional(),
});
export type VerifySubscriptionRequest = z.infer<typeof verifySubscriptionRequestSchema>;

export const verifyAndMintRequestSchema = z.strictObject({
  walletAddress: walletAddressSchema,
  googleEmail: emailSchema.optional(),
  oauthAccessToken: accessTokenSchema,
});
export type VerifyAndMintRequest = z.infer<typeof verifyAndMintRequestSchema>;

export const walletParamSchema = z.strictObject({ walletAddress: walletAddressSchema });

export const claimIdParamSchema = z.strictObject({ claimId: z.string().uuid() });

/** `?wait=N&status=S`: while the claim is still `status`, answered when it moves or after N seconds. */
export const claimWaitQuerySchema = z.strictObject({
  wait: z.coerce.number().int().min(1).max(CLAIM_WAIT_MAX_SECONDS).optional(),
  status: z.enum(CLAIM_STATUSES).optional(),
});

export const recordClaimRequestSchema = z.strictObject({
  walletAddress: walletAddressSchema,
  googleEmail: emailSchema.optional(),
  txHash: txHashSchema,
});

export type { PublicConfig } from "./api-envelope.ts";
export * from "./api-responses.ts";
