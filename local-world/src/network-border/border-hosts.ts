/** thirdweb's in-app and ecosystem wallet service (thirdweb `src/utils/domains.ts`, `inAppWallet`). */
export const EMBEDDED_WALLET_HOST = "embedded-wallet.thirdweb.com";

/** The outside hosts the local world answers for, all on the one border server; every other outside host fails. */
export const BORDER_HOSTS = [EMBEDDED_WALLET_HOST] as const;
