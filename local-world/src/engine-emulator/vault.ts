import type { Account } from "thirdweb/wallets";
import { sameSecret } from "./engine-http.ts";
import type { FaultSwitch } from "./faults.ts";

/** engine-core refuses a request with no signing credential before queueing (`server/src/http/extractors.rs`). */
export const MISSING_SIGNING_CREDENTIAL =
  "Missing valid authentication credentials. Provide either AWS KMS headers (x-aws-kms-arn, x-aws-kms-access-key-id, x-aws-secret-access-key), IAW credentials (x-wallet-access-token + x-thirdweb-client-id + x-thirdweb-service-key), or Vault credentials (x-vault-access-token)";

/** The server wallet's key, or the vault's refusal (the text after engine-core's prefix). */
export type Signing = { account: Account } | { refusal: string };

export type Vault = ReturnType<typeof createVault>;

/**
 * Unlocks the server wallets' keys for the project's access token only, unless `signingRefused` is pending; asked when
 * the worker signs. The refusals' wording is the stand-in's (the vault's is not in engine-core).
 */
export function createVault(options: {
  accessToken: string;
  accounts: ReadonlyMap<string, Account>;
  faults: FaultSwitch;
}) {
  return {
    sign(accessToken: string, from: string): Signing {
      if (!sameSecret(accessToken, options.accessToken) || options.faults.take("signingRefused"))
        return { refusal: "the vault access token is not valid" };
      const account = options.accounts.get(from.toLowerCase());
      if (!account) return { refusal: `the vault access token holds no key for ${from}` };
      return { account };
    },
  };
}

/**
 * engine-core's reason for a transaction its EOA worker could not sign (`executors/src/eoa/worker/error.rs`, SigningError
 * around VaultError); not retryable, so it fails at once, with no hash.
 */
export function transactionSigningFailed(refusal: string): string {
  return `Transaction signing failed: Failed to sign transaction: Error interaction with vault: ${refusal}`;
}
