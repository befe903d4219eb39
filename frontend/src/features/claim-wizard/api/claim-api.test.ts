import { ERROR_CATALOGUE } from "@tube/common/errors";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import { catalogueError, mintQueuedAnswer, mintRefusedAnswer } from "../../../test/api-answers.ts";
import { stubApi, type FakeResponse } from "../../../test/fake-api.ts";
import { UNEXPLAINED_CLAIM_REFUSAL, verifyAndMint } from "./claim-api.ts";

const CLAIM_ID = "7d4a3a8e-5f7c-4b7e-9a55-2a8f0c1d9e01";
const TX_HASH = `0x${"ab".repeat(32)}`;
const REQUEST = {
  walletAddress: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  googleEmail: "viewer@example.com",
  oauthAccessToken: "ya29.test-token",
};

function mintAnswers(answer: FakeResponse) {
  stubApi({ "POST /api/verify-and-mint": answer });
  return verifyAndMint(REQUEST);
}

async function refusalOf(answer: FakeResponse): Promise<ApiError> {
  const refusal: unknown = await mintAnswers(answer).catch((cause: unknown) => cause);
  expect(refusal).toBeInstanceOf(ApiError);
  return refusal as ApiError;
}

describe("verifyAndMint", () => {
  it("when the mint is queued, then the claim to follow is returned", async () => {
    await expect(mintAnswers(mintQueuedAnswer(CLAIM_ID))).resolves.toEqual({ state: "pending", claimId: CLAIM_ID });
  });

  it("when the wallet's own claim is confirmed already, then its hash and id are returned", async () => {
    const answer = mintRefusedAnswer("ALREADY_CLAIMED", { status: "confirmed", txHash: TX_HASH, claimId: CLAIM_ID });
    await expect(mintAnswers(answer)).resolves.toEqual({ state: "confirmed", txHash: TX_HASH, claimId: CLAIM_ID });
  });

  it("when the answer refuses with a code, then it is thrown as the ApiError an error response with that code would be", async () => {
    for (const code of ["GOOGLE_ACCOUNT_ALREADY_CLAIMED", "CLAIM_STARTED_BY_ANOTHER_ACCOUNT", "MINT_FAILED"] as const) {
      const { message, status } = ERROR_CATALOGUE[code];
      expect(await refusalOf(mintRefusedAnswer(code))).toEqual(new ApiError(code, message, status));
    }
  });

  it("when a failed mint names no code, then it reads as MINT_FAILED", async () => {
    const refusal = await refusalOf(mintRefusedAnswer("MINT_FAILED", { details: null, error: null }));
    expect(refusal).toMatchObject({ code: "MINT_FAILED", message: ERROR_CATALOGUE.MINT_FAILED.message });
  });

  it("when a refusal names no code and no failed mint, then it is the unexplained refusal, with its text if any", async () => {
    const refusal = await refusalOf(mintRefusedAnswer("ALREADY_CLAIMED", { details: null, error: "Nope" }));
    expect(refusal).toMatchObject({ code: UNEXPLAINED_CLAIM_REFUSAL, message: "Nope" });
  });

  it("when the server answers with an error, then that error is thrown as it came", async () => {
    const refusal = await refusalOf(catalogueError("GOOGLE_TOKEN_INVALID"));
    expect(refusal).toMatchObject({ code: "GOOGLE_TOKEN_INVALID", status: 401 });
  });
});
