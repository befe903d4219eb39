import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomWallet } from "@tube/local-world/mint-log";
import { loadConfig } from "@tube/backend/config";
import { startServer } from "@tube/backend/server";
import type { Visitor } from "@tube/backend/test/test-api";
import { startTestWorld, type TestWorld } from "@tube/backend/test/test-world";
import { runOperatorCommandHere } from "./test/run-operator-command.ts";

/**
 * The retention promise against the real app and its real store: once `npm run claims -- erase-expired` (or `erase`
 * for one viewer who asked) has run, an erased claim keeps its wallet and transaction but neither the Google
 * account's id, and that account still cannot claim a second time.
 */
const CLAIM_GATE_KEY = "retention-test-gate-key-0123456789abcdef";
/** Another operator's key, or a mistyped one. */
const OTHER_GATE_KEY = "retention-test-other-gate-key-0123456789ab";

let world: TestWorld;

beforeAll(async () => {
  world = await startTestWorld({ env: { CLAIM_GATE_KEY } });
});
afterAll(async () => {
  await world?.stop();
});

/** Runs `npm run claims -- <args>`, in this process, on the world's store. */
function claimsCommand(args: string[], extraEnv: Record<string, string> = {}) {
  return runOperatorCommandHere("claims", args, { env: { ...world.env, ...extraEnv } });
}

/** Runs `sql` on the claims database over a connection of the test's own, as another process would. */
function onDatabase<T>(use: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(path.join(world.env.DATA_DIR as string, "claims.sqlite"));
  try {
    return use(db);
  } finally {
    db.close();
  }
}

const storedRows = () =>
  onDatabase((db) => db.prepare("SELECT * FROM claims ORDER BY rowid").all() as Array<Record<string, unknown>>);

describe("npm run claims -- erase-expired", () => {
  it("when a claim is past the retention period, then its account id is gone, its wallet and hash stay, and the account still cannot claim again", async () => {
    const viewer = await world.visitor();
    expect((await world.api.claim(viewer)).status).toBe(202);
    const [confirmed] = await world.untilAllConfirmed([viewer]);
    expect(storedRows().find((row) => row.wallet_address === viewer.wallet.toLowerCase())).toMatchObject({
      google_sub: viewer.sub,
    });

    // Every claim so far is older than a retention period of 0 days.
    const run = await claimsCommand(["erase-expired", "--older-than-days", "0"]);
    expect(run.code, run.out).toBe(0);

    const rows = storedRows();
    const erased = rows.find((row) => row.wallet_address === viewer.wallet.toLowerCase());
    expect(erased).toMatchObject({
      status: "confirmed",
      tx_hash: (confirmed as { txHash: string }).txHash,
      google_sub: expect.stringMatching(/^hmac-sha256:[0-9a-f]{64}$/),
    });
    for (const personal of [viewer.sub, viewer.email]) expect(JSON.stringify(rows)).not.toContain(personal);

    const again = await world.api.claim({ token: viewer.token, wallet: randomWallet() });
    expect(again.body).toMatchObject({ alreadyClaimed: true, details: "GOOGLE_ACCOUNT_ALREADY_CLAIMED" });
    expect((await world.api.checkClaim(viewer.wallet)).body).toMatchObject({ status: "confirmed" });

    const rerun = await claimsCommand(["erase-expired", "--older-than-days", "0"]);
    expect(rerun.out).toContain("erased the personal data of 0 claim(s)");
  });

  it("when a viewer asks for deletion, then erase takes their claim's account id at once, leaves other claims alone, and the account still cannot claim again", async () => {
    const [asking, other] = (await world.visitors(2)) as [Visitor, Visitor];
    for (const viewer of [asking, other]) expect((await world.api.claim(viewer)).status).toBe(202);
    await world.untilAllConfirmed([asking, other]);

    const run = await claimsCommand(["erase", "--wallet", asking.wallet]);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain("erased the personal data of 1 claim(s)");

    const rowOf = (wallet: string) => storedRows().find((row) => row.wallet_address === wallet.toLowerCase());
    expect(rowOf(asking.wallet)).toMatchObject({ google_sub: expect.stringMatching(/^hmac-sha256:[0-9a-f]{64}$/) });
    expect(rowOf(other.wallet)).toMatchObject({ google_sub: other.sub });
    const again = await world.api.claim({ token: asking.token, wallet: randomWallet() });
    expect(again.body).toMatchObject({ alreadyClaimed: true, details: "GOOGLE_ACCOUNT_ALREADY_CLAIMED" });
  });

  it("when erase is given no valid wallet, then it refuses and changes nothing", async () => {
    const before = storedRows();
    const child = await claimsCommand(["erase", "--wallet", "not-a-wallet"]);
    expect(child.code).not.toBe(0);
    expect(child.out).toContain("--wallet must be a 0x address");
    expect(storedRows()).toEqual(before);
  });

  it("when a claim was erased, then a server restarted without CLAIM_GATE_KEY or with another refuses to start, naming it, and with the key the account still cannot claim again", async () => {
    const viewer = await world.visitor();
    expect((await world.api.claim(viewer)).status).toBe(202);
    const run = await claimsCommand(["erase", "--wallet", viewer.wallet]);
    expect(run.code, run.out).toBe(0);

    for (const gateKey of ["", OTHER_GATE_KEY]) {
      const config = loadConfig({ ...world.env, CLAIM_GATE_KEY: gateKey } as NodeJS.ProcessEnv);
      const refusal = String(await startServer(config).catch((error: unknown) => error));
      expect(refusal).toContain("CLAIM_GATE_KEY: is not");
      for (const key of [CLAIM_GATE_KEY, OTHER_GATE_KEY]) expect(refusal).not.toContain(key);
    }

    await world.restartApp();
    const again = await world.api.claim({ token: viewer.token, wallet: randomWallet() });
    expect(again.body).toMatchObject({ alreadyClaimed: true, details: "GOOGLE_ACCOUNT_ALREADY_CLAIMED" });
  });

  it("when a claim was erased, then erase-expired with another CLAIM_GATE_KEY refuses, naming it, and writes no fingerprint", async () => {
    const [erased, left] = (await world.visitors(2)) as [Visitor, Visitor];
    for (const viewer of [erased, left]) expect((await world.api.claim(viewer)).status).toBe(202);
    const run = await claimsCommand(["erase", "--wallet", erased.wallet]);
    expect(run.code, run.out).toBe(0);

    const child = await claimsCommand(["erase-expired", "--older-than-days", "0"], { CLAIM_GATE_KEY: OTHER_GATE_KEY });
    expect(child.code).not.toBe(0);
    expect(child.out).toContain("CLAIM_GATE_KEY: is not");
    expect(child.out).not.toContain(OTHER_GATE_KEY);
    expect(storedRows().find((row) => row.wallet_address === left.wallet.toLowerCase())).toMatchObject({
      google_sub: left.sub,
    });
  });

  it("when CLAIM_GATE_KEY is not set, then erase-expired refuses and erases nothing", async () => {
    // What erasure would change; the mint loop may meanwhile settle the claims the tests above left under way.
    const identities = () => storedRows().map(({ id, google_sub }) => ({ id, google_sub }));
    const before = identities();
    const child = await claimsCommand(["erase-expired", "--older-than-days", "0"], { CLAIM_GATE_KEY: "" });
    expect(child.code).not.toBe(0);
    expect(child.out).toContain("CLAIM_GATE_KEY");
    expect(identities()).toEqual(before);
  });
});
