import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { attemptKey, claimIdOfAttemptKey } from "./attempt-key.ts";

describe("attempt keys", () => {
  it("when a key is made for a claim's attempt, then it holds no ':' and names that claim again", () => {
    const claimId = randomUUID();
    for (const attempt of [1, 2, 12]) {
      const key = attemptKey(claimId, attempt);
      expect(key).not.toContain(":");
      expect(claimIdOfAttemptKey(key)).toBe(claimId);
    }
  });
});
