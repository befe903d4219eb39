/** The parts of the HTTP contract every page reads, in zod/mini. */
import "./zod-csp.ts";
import { z } from "zod/mini";

/** Served at GET /api/config: nothing secret. */
export const publicConfigSchema = z.object({
  thirdwebClientId: z.string(),
  ecosystemId: z.string(),
  ecosystemPartnerId: z.string(),
  walletConnectProjectId: z.string(),
  chainId: z.number(),
  rpcUrl: z.string(),
  explorerUrl: z.string(),
  tokenAddress: z.string(),
  youtubeChannelId: z.string(),
  googleClientId: z.string(),
  googleAuthUrl: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** The code stays open, so an older page shows a newer server's text. */
export const apiErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), retryAfterSeconds: z.optional(z.number()) }),
});
