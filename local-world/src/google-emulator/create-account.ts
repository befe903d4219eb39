import type { SeedAccount } from "./seed-accounts.ts";

/** An identity a test made on the stand-in: it always has a channel of its own. */
type FreshIdentity = SeedAccount & { channel: NonNullable<SeedAccount["channel"]> };

/** A Google account a test made, with the Brand Accounts it manages. */
export type FreshAccount = FreshIdentity & { brandAccounts: FreshIdentity[] };

/** Subscribed unless told otherwise, managing `brandChannels` Brand Accounts. */
export async function createGoogleAccount(
  emulatorUrl: string,
  options: { subscribed?: boolean; brandChannels?: number } = {},
) {
  const response = await fetch(`${emulatorUrl}/__emulator/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(options),
  });
  if (response.status !== 201)
    throw new Error(`the Google stand-in made no account: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as FreshAccount;
}
