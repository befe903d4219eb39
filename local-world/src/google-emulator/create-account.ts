import type { SeedAccount } from "./seed-accounts.ts";

/** A Google account a test made on the stand-in: it always has a channel of its own. */
export type FreshAccount = SeedAccount & { channel: NonNullable<SeedAccount["channel"]> };

/** Makes a Google account on the stand-in at `emulatorUrl` that nobody has used yet (subscribed unless told otherwise). */
export async function createGoogleAccount(
  emulatorUrl: string,
  options: { subscribed?: boolean } = {},
): Promise<FreshAccount> {
  const response = await fetch(`${emulatorUrl}/__emulator/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(options),
  });
  if (response.status !== 201)
    throw new Error(`the Google stand-in made no account: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as FreshAccount;
}
