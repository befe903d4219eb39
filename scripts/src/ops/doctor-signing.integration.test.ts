import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USERS } from "@tube/local-world/dev-accounts";
import { startTestWorld, type TestWorld } from "@tube/backend/test/test-world";
import { runOperatorCommandHere } from "./test/run-operator-command.ts";

/**
 * Engine reads the vault access token only when it signs, and accepts a reward it cannot sign with 202: `doctor` has
 * Engine sign a message as the server wallet, which it does in the request, so a wrong token or wallet shows before
 * any claim is held.
 */
let world: TestWorld;

beforeAll(async () => {
  world = await startTestWorld({ inProcessApp: false });
});
afterAll(async () => {
  await world?.stop();
});

function doctor(extraEnv: Record<string, string> = {}) {
  return runOperatorCommandHere("doctor", [], { env: { ...world.env, ...extraEnv } });
}

describe("doctor: Engine signs as the server wallet", () => {
  it("when the vault access token and the server wallet are right, then the check passes", async () => {
    const { code, out } = await doctor();
    expect(out).toMatch(/^✔ Engine signs as the server wallet: Engine signed a message as 0x/m);
    expect(code, out).toBe(0);
  });

  it("when the vault access token is wrong, then the check fails naming ENGINE_VAULT_ACCESS_TOKEN, and doctor exits 1", async () => {
    const { code, out } = await doctor({ ENGINE_VAULT_ACCESS_TOKEN: "not-the-vault-token" });
    expect(out).toMatch(/^✘ Engine signs as the server wallet: .*check ENGINE_VAULT_ACCESS_TOKEN/m);
    expect(out).toMatch(/^✔ Engine:/m);
    expect(code).toBe(1);
  });

  it("when the server wallet is not one the vault holds, then the check fails", async () => {
    const { out } = await doctor({ ENGINE_SERVER_WALLET: USERS[0]!.address });
    expect(out).toMatch(/^✘ Engine signs as the server wallet: Engine could not sign as 0x/m);
  });
});
