/** thirdweb's in-app and ecosystem wallet service (thirdweb `src/utils/domains.ts`, `inAppWallet`). */
export const EMBEDDED_WALLET_HOST = "embedded-wallet.thirdweb.com";

/**
 * WalletConnect's relay: `@walletconnect/core` dials `RELAYER_DEFAULT_RELAY_URL` (`src/constants/relayer.ts`) and
 * thirdweb passes no other (`src/wallets/wallet-connect/controller.ts`); wallets built on older SDKs still dial `.com`.
 */
export const RELAY_HOSTS = ["relay.walletconnect.org", "relay.walletconnect.com"] as const;

/** WalletConnect's Verify service (`@walletconnect/core` `src/constants/verify.ts`, `VERIFY_SERVER_V3`). */
export const VERIFY_HOST = "verify.walletconnect.org";

/** The outside hosts the local world answers for, all on the one border server; every other outside host fails. */
export const BORDER_HOSTS = [EMBEDDED_WALLET_HOST, ...RELAY_HOSTS, VERIFY_HOST] as const;
