import { ERROR_CATALOGUE, type ErrorCode, type ErrorKind } from "@tube/common/errors";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client.ts";
import {
  accountAlreadyClaimedToast,
  claimFailedToast,
  eligibilityCheckFailedToast,
  failedClaimAfter,
  subscriptionCheckFailedToast,
  tokensAlreadyClaimedToast,
  walletAlreadyClaimedToast,
} from "./claim-messages.ts";
import { UNEXPLAINED_CLAIM_REFUSAL } from "./api/claim-api.ts";
import { MintFailure } from "./api/claim-polling.ts";

const apiError = (code: string, message: string, status = 400) => new ApiError(code, message, status);

describe("claimFailedToast", () => {
  it("when the wallet or Google account already claimed, then the toast is Already Claimed with the server's text", () => {
    expect(
      claimFailedToast(apiError("ALREADY_CLAIMED", "This wallet address has already claimed tokens.", 409)),
    ).toMatchObject({
      title: "Already Claimed",
      description: "This wallet address has already claimed tokens.",
    });
    expect(claimFailedToast(apiError("GOOGLE_ACCOUNT_ALREADY_CLAIMED", "Google account used.", 409)).title).toBe(
      "Already Claimed",
    );
  });

  it("when the server says not subscribed, then the toast is Not Subscribed", () => {
    expect(claimFailedToast(apiError("NOT_SUBSCRIBED", "Subscribe first.", 403))).toMatchObject({
      title: "Not Subscribed",
    });
  });

  it("when Google or YouTube refuse, then the toast is Verification Failed with the server's text", () => {
    expect(claimFailedToast(apiError("GOOGLE_TOKEN_INVALID", "Your Google session has expired.", 401))).toEqual({
      type: "error",
      title: "Verification Failed",
      description: "Your Google session has expired.",
    });
  });

  it("when the operator denied the wallet or the Google account, then the toast is Verification Failed with the server's text", () => {
    for (const code of ["WALLET_DENIED", "GOOGLE_ACCOUNT_DENIED"])
      expect(claimFailedToast(apiError(code, "This wallet may not claim rewards.", 403))).toEqual({
        type: "error",
        title: "Verification Failed",
        description: "This wallet may not claim rewards.",
      });
  });

  it("when the mint fails on the server or on chain, then the toast is Minting Failed", () => {
    expect(claimFailedToast(apiError("MINT_UNAVAILABLE", "Minting is temporarily unavailable.", 503))).toMatchObject({
      title: "Minting Failed",
      description: "Minting is temporarily unavailable.",
    });
    expect(claimFailedToast(new MintFailure("Transaction failed for unknown reason", "retryable"))).toMatchObject({
      title: "Minting Failed",
      description: "Transaction failed for unknown reason",
    });
  });

  it("when anything else fails, then the toast is Process Failed with its message or the default", () => {
    expect(claimFailedToast(apiError("NETWORK", "Network error.", 0))).toMatchObject({
      title: "Process Failed",
      description: "Network error.",
    });
    expect(claimFailedToast("?")).toMatchObject({
      title: "Process Failed",
      description: "Failed to complete the token claim process.",
    });
  });
});

describe("verification toasts", () => {
  it("when the subscription check throws, then the product's sentence is shown, with the server's reason after it", () => {
    expect(
      subscriptionCheckFailedToast(apiError("USERNAME_MISMATCH", "This account's channel is @real.")),
    ).toMatchObject({
      title: "Subscription Verification Failed",
      description:
        "We couldn't verify your YouTube subscription. Please ensure you're subscribed to the channel. This account's channel is @real.",
    });
    expect(subscriptionCheckFailedToast(undefined).description).toBe(
      "We couldn't verify your YouTube subscription. Please ensure you're subscribed to the channel.",
    );
    expect(
      subscriptionCheckFailedToast(new ApiError("NETWORK", "Network error. Please check your connection.", 0)),
    ).toMatchObject({
      description:
        "We couldn't verify your YouTube subscription. Please ensure you're subscribed to the channel. Network error. Please check your connection.",
    });
    expect(subscriptionCheckFailedToast(apiError("NOT_SUBSCRIBED", "Subscribe first.")).title).toBe("Not Subscribed");
  });

  it("when the claim-status check fails, then the toast is Eligibility Check Failed", () => {
    expect(eligibilityCheckFailedToast(undefined)).toMatchObject({
      title: "Eligibility Check Failed",
      description: "Could not verify claim status.",
    });
  });

  it("when verify-and-mint refuses without naming why, then 'Verification Failed' shows its text or the default", () => {
    expect(claimFailedToast(apiError(UNEXPLAINED_CLAIM_REFUSAL, "Nope", 200))).toMatchObject({
      title: "Verification Failed",
      description: "Nope",
    });
    expect(claimFailedToast(apiError(UNEXPLAINED_CLAIM_REFUSAL, "", 200)).description).toBe(
      "Failed to verify subscription. Please make sure you're subscribed to the channel.",
    );
  });

  it("when verify-and-mint says this Google account claimed with another wallet, then 'Already Claimed' carries the server's sentence", () => {
    const text = "This Google account has already claimed tokens with another wallet.";
    expect(claimFailedToast(apiError("GOOGLE_ACCOUNT_ALREADY_CLAIMED", text, 409))).toMatchObject({
      title: "Already Claimed",
      description: text,
    });
  });

  it("when verify-and-mint says the wallet's claim belongs to another Google account, then the toast names it", () => {
    const { message } = ERROR_CATALOGUE.CLAIM_STARTED_BY_ANOTHER_ACCOUNT;
    expect(claimFailedToast(apiError("CLAIM_STARTED_BY_ANOTHER_ACCOUNT", message, 409))).toEqual({
      type: "error",
      title: "Claim Started by Another Account",
      description: message,
    });
  });

  it("when verify-and-mint answers with a failed mint, then the toast is 'Minting Failed', not 'Verification Failed'", () => {
    expect(claimFailedToast(apiError("MINT_FAILED", "Minting failed. Please try again.", 502))).toMatchObject({
      title: "Minting Failed",
      description: "Minting failed. Please try again.",
    });
  });

  it("when a non-OK answer has no catalogue code or cannot be read, then the subscription toast shows the product's sentence alone", () => {
    const sentence = "We couldn't verify your YouTube subscription. Please ensure you're subscribed to the channel.";
    expect(subscriptionCheckFailedToast(new ApiError("HTTP_ERROR", "Something went wrong (error 502).", 502))).toEqual({
      type: "error",
      title: "Subscription Verification Failed",
      description: sentence,
    });
    expect(
      subscriptionCheckFailedToast(new ApiError("INVALID_RESPONSE", "The server sent an unexpected response.", 200))
        .description,
    ).toBe(sentence);
  });
});

describe("refusals that pass with time", () => {
  const refusal = (code: string, retryAfterSeconds?: number) =>
    new ApiError(code, "The catalogue's text.", code === "ACCOUNT_RATE_LIMITED" ? 429 : 503, retryAfterSeconds);

  it.each([
    {
      code: "ACCOUNT_RATE_LIMITED",
      title: "Too Many Attempts",
      happened: "This Google account's subscription was checked too many times in a short while.",
      withoutRetryAfter: "a few minutes",
    },
    {
      code: "GOOGLE_UNAVAILABLE",
      title: "Google Unavailable",
      happened: "Google could not be reached to check your account.",
      withoutRetryAfter: "a moment",
    },
    {
      code: "YOUTUBE_QUOTA_RESERVED",
      title: "Verification Paused Until Midnight",
      happened:
        "Today's YouTube verifications are nearly used up, and what is left is kept for viewers finishing their claim; verification resumes at midnight Pacific time.",
      withoutRetryAfter: "a few hours",
    },
    {
      code: "ACCOUNT_DAILY_LIMIT_REACHED",
      title: "Daily Limit Reached",
      happened: "This Google account's subscription was checked as many times as one account may in a day.",
      withoutRetryAfter: "a few hours",
    },
    {
      code: "CLAIMS_PAUSED",
      title: "Claiming Paused",
      happened: "Claiming is paused for a while.",
      withoutRetryAfter: "a while",
    },
  ])(
    "when the server answers $code, then '$title' says what happened, that nothing was claimed, and when to retry",
    ({ code, title, happened, withoutRetryAfter }) => {
      expect(subscriptionCheckFailedToast(refusal(code, 240))).toEqual({
        type: "error",
        title,
        description: `${happened} Nothing was claimed. Please try again in 4 minutes.`,
      });
      expect(claimFailedToast(refusal(code))).toEqual({
        type: "error",
        title,
        description: `${happened} Nothing was claimed. Please try again in ${withoutRetryAfter}.`,
      });
    },
  );

  it("when the claim store is unreachable, then 'Claims Unavailable' says nothing was claimed and when to retry", () => {
    expect(claimFailedToast(new ApiError("STORE_UNAVAILABLE", "The catalogue's text.", 503, 45))).toEqual({
      type: "error",
      title: "Claims Unavailable",
      description: "Our claim records could not be reached. Nothing was claimed. Please try again in 45 seconds.",
    });
    expect(subscriptionCheckFailedToast(new ApiError("STORE_UNAVAILABLE", "The catalogue's text.", 503)).title).toBe(
      "Claims Unavailable",
    );
  });

  it("when Retry-After is given, then the wait is told in seconds, minutes or hours, rounded up", () => {
    const waits = [1, 45, 61, 3600, 7200].map(
      (seconds) =>
        /try again in (.*)\.$/.exec(claimFailedToast(refusal("GOOGLE_UNAVAILABLE", seconds)).description ?? "")?.[1],
    );
    expect(waits).toEqual(["1 second", "45 seconds", "2 minutes", "1 hour", "2 hours"]);
  });
});

describe("every catalogue code gets its kind's toast", () => {
  /** The title each kind's codes get on the Claim step, apart from the codes with a title of their own. */
  const TITLE_OF_KIND: Record<Exclude<ErrorKind, "waitAndRetry">, string> = {
    verification: "Verification Failed",
    conflict: "Already Claimed",
    minting: "Minting Failed",
    request: "Process Failed",
  };
  const OWN_TITLES: Partial<Record<ErrorCode, string>> = {
    NOT_SUBSCRIBED: "Not Subscribed",
    CLAIM_STARTED_BY_ANOTHER_ACCOUNT: "Claim Started by Another Account",
  };
  const codes = Object.entries(ERROR_CATALOGUE).map(([code, entry]) => ({ code: code as ErrorCode, ...entry }));

  it.each(codes.filter(({ kind, code }) => kind !== "waitAndRetry" && !OWN_TITLES[code]))(
    "when the claim fails with $code ($kind), then the toast is its kind's, with the catalogue's text",
    ({ code, kind, status, message }) => {
      expect(claimFailedToast(new ApiError(code, message, status))).toEqual({
        type: "error",
        title: TITLE_OF_KIND[kind as Exclude<ErrorKind, "waitAndRetry">],
        description: message,
      });
    },
  );

  it.each(codes.filter(({ kind }) => kind === "waitAndRetry"))(
    "when the claim fails with $code (waitAndRetry), then the toast says nothing was claimed",
    ({ code, status, message }) => {
      expect(claimFailedToast(new ApiError(code, message, status)).description).toMatch(
        /Nothing was claimed\. Please try again in .+\.$/,
      );
    },
  );

  it("when a code is not in the catalogue (a newer server's), then the toast is 'Process Failed' with its text", () => {
    expect(claimFailedToast(new ApiError("SOMETHING_NEW", "Something new happened.", 500))).toMatchObject({
      title: "Process Failed",
      description: "Something new happened.",
    });
  });
});

describe("failedClaimAfter", () => {
  it("when the mint failed and the claim is left failed for its owner, then Claim offers a retry", () => {
    for (const code of ["MINT_FAILED", "MINT_UNAVAILABLE"])
      expect(failedClaimAfter(apiError(code, "", 502))).toBe("retryable");
    expect(failedClaimAfter(new MintFailure("Transaction failed for unknown reason", "retryable"))).toBe("retryable");
  });

  it("when every attempt is used, then the claim is on hold: no retry is offered", () => {
    expect(failedClaimAfter(apiError("MINT_ATTEMPTS_EXHAUSTED", "", 202))).toBe("onHold");
    expect(failedClaimAfter(new MintFailure("on hold", "onHold"))).toBe("onHold");
  });

  it("when the claim is held elsewhere, out of budget, or still under way, then it does not", () => {
    for (const code of ["ALREADY_CLAIMED", "CLAIM_STARTED_BY_ANOTHER_ACCOUNT", "CLAIM_BUDGET_EXHAUSTED"])
      expect(failedClaimAfter(apiError(code, "", 409))).toBe("none");
    expect(failedClaimAfter(new MintFailure("The transaction is taking longer than expected.", "none"))).toBe("none");
  });
});

describe("claims made before", () => {
  const claimedAt = "2026-11-05T12:00:00.000Z";

  it("when the Google account's claim to another wallet is confirmed, then Verify's toast says it is complete", () => {
    expect(
      accountAlreadyClaimedToast({
        walletAddress: "0xabcdef0000000000000000000000000000001234",
        status: "confirmed",
        claimedAt,
      }),
    ).toEqual({
      type: "error",
      title: "Already Claimed",
      description:
        "This Google account has already claimed tokens with another wallet. Its claim of November 5, 2026 to 0xabcd...1234 is complete.",
    });
  });

  it("when the wallet's claim has a date, then the toasts say when; without one, the product's texts stay", () => {
    expect(walletAlreadyClaimedToast(claimedAt).description).toBe(
      "This wallet address has already claimed tokens. It claimed them on November 5, 2026.",
    );
    expect(walletAlreadyClaimedToast(null).description).toBe("This wallet address has already claimed tokens.");
    expect(tokensAlreadyClaimedToast(claimedAt).description).toBe(
      "This wallet received its tokens on November 5, 2026.",
    );
    expect(tokensAlreadyClaimedToast(undefined).description).toBe("This wallet has already received its tokens.");
  });
});
