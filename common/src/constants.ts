/** Shared by the browser and the server (docs/product.md#constants). */

export const TOKEN_SYMBOL = "TuBE";
export const TOKEN_DECIMALS = 18;

/** The reward as shown to people. */
export const REWARD_TOKENS = 250;
/** The reward in base units: bigint end to end, never a float. */
export const REWARD_AMOUNT_WEI = BigInt(REWARD_TOKENS) * 10n ** BigInt(TOKEN_DECIMALS);

export const ARBITRUM_ONE_CHAIN_ID = 42161;
export const ARBITRUM_ONE_CHAIN_ID_HEX = "0xa4b1";
export const ARBITRUM_ONE_NAME = "Arbitrum One";
/** Multicall3 on Arbitrum One (and most chains): many reads in one `eth_call`. */
export const MULTICALL3_ADDRESS = "0xcA11bde05977b3631167028862bE2a173976CA11";

export const YOUTUBE_READONLY_SCOPE = "https://www.googleapis.com/auth/youtube.readonly";
/** Exactly what the server uses, nothing else. */
export const GOOGLE_SCOPES = [
  "openid",
  "https://www.googleapis.com/auth/userinfo.email",
  YOUTUBE_READONLY_SCOPE,
] as const;

export const GOOGLE_CALLBACK_PATH = "/auth/google/callback";

export const CLAIM_STATUSES = ["reserved", "queued", "submitted", "confirmed", "failed"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
/** A claim whose mint is still under way: it is followed, never started again. */
export const UNFINISHED_CLAIM_STATUSES: readonly ClaimStatus[] = ["reserved", "queued", "submitted"];
/** The longest a claim's read is held: under common proxies' idle cut (30 to 60 s). */
export const CLAIM_WAIT_MAX_SECONDS = 20;

/** The `<script>` the server writes the public config in. */
export const PUBLIC_CONFIG_ELEMENT_ID = "tube-public-config";
