/** thirdweb's in-app and ecosystem wallet service. */
export const EMBEDDED_WALLET_HOST = "embedded-wallet.thirdweb.com";

/** WalletConnect's relay: today's SDK dials `.org` (thirdweb passes no other); wallets on older SDKs still dial `.com`. */
export const RELAY_HOSTS = ["relay.walletconnect.org", "relay.walletconnect.com"] as const;

/** WalletConnect's Verify service. */
export const VERIFY_HOST = "verify.walletconnect.org";

/** All on the one border server. */
export const BORDER_HOSTS = [EMBEDDED_WALLET_HOST, ...RELAY_HOSTS, VERIFY_HOST] as const;
