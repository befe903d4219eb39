import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CATALOGUE } from "@tube/common/errors";
import { randomWallet } from "@tube/local-world/mint-log";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";

/**
 * A Brand Account's channel signs in as a Google account of its own (its own id, an e-mail at pages.plusgoogle.com),
 * and one person may manage up to 100 of them: the server refuses them unless ALLOW_BRAND_ACCOUNTS=true.
 */
describe.each([
  ["unset (the default)", {}, false],
  ["true", { ALLOW_BRAND_ACCOUNTS: "true" }, true],
])("with ALLOW_BRAND_ACCOUNTS %s", (_setting, env: Record<string, string>, allowed) => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await startTestWorld({ env });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it(`when a person signs in as their Brand Account's channel, then ${allowed ? "it is accepted as its own identity" : "BRAND_ACCOUNT_REFUSED (403) with its text"}`, async () => {
    const person = await world.createGoogleAccount({ brandChannels: 1 });
    const brand = person.brandAccounts[0]!;

    const answer = await world.trySignIn(person.email, { identity: brand.sub });

    if (allowed) {
      expect(answer).toMatchObject({ status: 200, body: { email: brand.email } });
      expect(brand.email).toMatch(/@pages\.plusgoogle\.com$/);
    } else {
      expect(answer).toMatchObject({
        status: 403,
        body: { error: { code: "BRAND_ACCOUNT_REFUSED", message: ERROR_CATALOGUE.BRAND_ACCOUNT_REFUSED.message } },
      });
      expect(ERROR_CATALOGUE.BRAND_ACCOUNT_REFUSED.message).toBe(
        "This YouTube channel belongs to a Brand Account. Please sign in with your personal Google account instead.",
      );
    }
  });

  it("when the same person signs in with their personal channel, then it is accepted and claims", async () => {
    const person = await world.createGoogleAccount({ brandChannels: 1 });
    const token = await world.signIn(person.email, { identity: person.sub });
    const wallet = randomWallet();

    expect((await world.api.claim({ token, wallet })).status).toBe(202);
  });

  it(`when a person claims with their channel and then with their Brand channel, then the second ${allowed ? "claims too: once per channel" : "is refused before any claim"}`, async () => {
    const person = await world.createGoogleAccount({ brandChannels: 1 });
    const personal = await world.signIn(person.email, { identity: person.sub });
    expect((await world.api.claim({ token: personal, wallet: randomWallet() })).status).toBe(202);

    const brandAnswer = await world.trySignIn(person.email, { identity: person.brandAccounts[0]!.sub });
    if (!allowed) {
      expect(brandAnswer.body.error?.code).toBe("BRAND_ACCOUNT_REFUSED");
      return;
    }
    const secondWallet = randomWallet();
    const second = await world.api.claim({ token: brandAnswer.body.accessToken as string, wallet: secondWallet });
    expect(second.status).toBe(202);
  });
});
