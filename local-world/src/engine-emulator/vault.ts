import type { Account } from "thirdweb/wallets";
import { sameSecret } from "./engine-http.ts";
import type { FaultSwitch } from "./faults.ts";

/**
 * engine-core's SigningCredentialsExtractor (`server/src/http/extractors.rs`) refuses a request with no signing
 * credential at all, before anything is queued; a credential that is there is only read when something is signed.
 */
export const MISSING_SIGNING_CREDENTIAL =
  "Missing valid authentication credentials. Provide either AWS KMS headers (x-aws-kms-arn, x-aws-kms-access-key-id, x-aws-secret-access-key), IAW credentials (x-wallet-access-token + x-thirdweb-client-id + x-thirdweb-service-key), or Vault credentials (x-vault-access-token)";

/** What the stand-in's vault answers a signing: the server wallet's key, or the vault's refusal (the text after engine-core's prefix). */
export type Signing = { account: Account } | { refusal: string };

export interface Vault {
  /**
   * Signs as `from` with `accessToken`, as Engine's signer asks the vault at the moment it signs. The vault's own
   * wording is not in engine-core; these refusals are the stand-in's.
   */
  sign(accessToken: string, from: string): Signing;
}

/**
 * The project's vault: it holds the server wallets' keys and unlocks them for the project's access token only. The
 * `signingRefused` fault makes it refuse the next signings whatever it is sent, as it does once the operator's access
 * token is revoked or rotated.
 */
export function createVault(options: {
  accessToken: string;
  accounts: ReadonlyMap<string, Account>;
  faults: FaultSwitch;
}): Vault {
  return {
    sign(accessToken, from) {
      if (!sameSecret(accessToken, options.accessToken) || options.faults.take("signingRefused"))
        return { refusal: "the vault access token is not valid" };
      const account = options.accounts.get(from.toLowerCase());
      if (!account) return { refusal: `the vault access token holds no key for ${from}` };
      return { account };
    },
  };
}

/**
 * engine-core's text for a transaction its EOA worker could not sign: EoaExecutorWorkerError::SigningError around
 * the signer's EngineError::VaultError (`executors/src/eoa/worker/error.rs`, `executors/src/eoa/worker/transaction.rs`
 * sign_transaction, `core/src/error.rs`). It is not retryable (is_retryable_preparation_error), so the worker fails the
 * transaction at once with this as its reason, and with no hash: nothing was sent.
 */
export function transactionSigningFailed(refusal: string): string {
  return `Transaction signing failed: Failed to sign transaction: Error interaction with vault: ${refusal}`;
}
