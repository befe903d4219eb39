import { describe, expect, it } from "vitest";
import { ConfigError } from "../../config.ts";
import { refusalWithoutTransactions } from "./mongo-claim-store.ts";

describe("MongoDB transactions required", () => {
  it("when the server is standalone, then the store refuses to open, naming MONGODB_URI and the replica set it needs", () => {
    const refusal = refusalWithoutTransactions({});

    expect(refusal).toBeInstanceOf(ConfigError);
    expect(refusal?.message).toMatch(/MONGODB_URI: points at a standalone MongoDB server.*replica set/);
  });

  it.each([
    ["a replica set member", { setName: "rs0" }],
    ["a mongos of a sharded cluster", { msg: "isdbgrid" }],
  ])("when the server is %s, then the store opens", (_, hello) => {
    expect(refusalWithoutTransactions(hello)).toBeNull();
  });
});
