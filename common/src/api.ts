/**
 * The HTTP contract between the browser and the server: request schemas (the
 * server validates with them) and response types (the browser reads them).
 */
import { z } from "zod";
import type { ClaimStatus } from "./constants.ts";

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
export interface GoogleAuthResponse {
  email: string;
  accessToken: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export const revokeRequestSchema = z.strictObject({ accessToken: accessTokenSchema });

export const verifySubscriptionRequestSchema = z.strictObject({
  accessToken: accessTokenSchema,
  channelId: z.string().min(1).max(64),
  youtubeUsername: z.string().trim().min(1).max(100).optional(),
});
export type VerifySubscriptionRequest = z.infer<typeof verifySubscriptionRequestSchema>;
export interface VerifySubscriptionResponse {
  isSubscribed: boolean;
}

export const verifyAndMintRequestSchema = z.strictObject({
  walletAddress: walletAddressSchema,
  googleEmail: emailSchema.optional(),
  oauthAccessToken: accessTokenSchema,
});
export type VerifyAndMintRequest = z.infer<typeof verifyAndMintRequestSchema>;

export interface ClaimView {
  claimId: string;
  walletAddress: string;
  status: ClaimStatus;
  txHash: string | null;
  explorerUrl: string | null;
}

export interface VerifyAndMintResponse {
  claimed: boolean;
  alreadyClaimed: boolean;
  txHash: string | null;
  claimId: string | null;
  status: ClaimStatus | null;
  error: string | null;
  details: string | null;
}

export const walletParamSchema = z.strictObject({ walletAddress: walletAddressSchema });
export interface CheckClaimResponse {
  claimed: boolean;
  txHash: string | null;
  status: ClaimStatus | null;
  claimId: string | null;
}

export const claimIdParamSchema = z.strictObject({ claimId: z.string().uuid() });

export const recordClaimRequestSchema = z.strictObject({
  walletAddress: walletAddressSchema,
  googleEmail: emailSchema.optional(),
  txHash: txHashSchema,
});

/** Public settings served at GET /api/config; nothing secret. */
export interface PublicConfig {
  thirdwebClientId: string;
  ecosystemId: string;
  ecosystemPartnerId: string;
  walletConnectProjectId: string;
  chainId: number;
  rpcUrl: string;
  explorerUrl: string;
  tokenAddress: string;
  youtubeChannelId: string;
  googleClientId: string;
  googleAuthUrl: string;
}
