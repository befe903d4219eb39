import type { RequestHandler } from "express";
import type { Account } from "thirdweb/wallets";
import { sameSecret, sendEngineError } from "./engine-http.ts";
import type { FaultSwitch } from "./faults.ts";

const MISSING_SIGNING_CREDENTIAL =
  "Missing valid authentication credentials. Provide either AWS KMS headers (x-aws-kms-arn, x-aws-kms-access-key-id, x-aws-secret-access-key), IAW credentials (x-wallet-access-token + x-thirdweb-client-id + x-thirdweb-service-key), or Vault credentials (x-vault-access-token)";

/** No signing credential is refused before queueing; a wrong one shows only at signing. */
export const requireSigningCredential: RequestHandler = (request, response, next) => {
  if (request.get("x-vault-access-token") !== undefined) return next();
  sendEngineError(response, 400, "VALIDATION_ERROR", MISSING_SIGNING_CREDENTIAL);
};

/** The server wallet's key, or the vault's refusal. */
export type Signing = { account: Account } | { refusal: string };

export type Vault = ReturnType<typeof createVault>;

/** Unlocks the server wallets' keys for the project's access token only. */
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

/** Not retryable: fails at once, with no hash. */
export function transactionSigningFailed(refusal: string) {
  return `Transaction signing failed: Failed to sign transaction: Error interaction with vault: ${refusal}`;
}
