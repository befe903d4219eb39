/**
 * The response schemas moved from full zod to zod/mini (ADR 15) must accept, reject and fill in exactly what the
 * full-zod ones did; the type checks pin the inferred shapes the server's handlers are typed by.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  checkClaimResponseSchema,
  claimViewSchema,
  googleAuthResponseSchema,
  verifyAndMintResponseSchema,
  verifySubscriptionResponseSchema,
  type CheckClaimResponse,
  type ClaimView,
  type GoogleAuthResponse,
  type VerifyAndMintResponse,
  type VerifySubscriptionResponse,
} from "./api-responses.ts";
import type { ClaimStatus } from "./constants.ts";

const CLAIM_VIEW = {
  claimId: "6f1c1b9e-2f7a-4d1e-9a3b-0c5d8e7f6a1b",
  walletAddress: "0x00000000000000000000000000000000000000aa",
  status: "confirmed",
  txHash: `0x${"ab".repeat(32)}`,
  explorerUrl: "https://arbiscan.io/tx/0xab",
};
const NOT_MINTED = {
  claimed: false,
  alreadyClaimed: false,
  txHash: null,
  claimId: null,
  status: null,
  error: "Not subscribed",
  details: null,
};

describe("verifySubscriptionResponseSchema", () => {
  it("when isSubscribed is missing, then it counts as false", () => {
    expect(verifySubscriptionResponseSchema.parse({})).toEqual({ isSubscribed: false });
  });

  it("when isSubscribed is given, then it is kept", () => {
    expect(verifySubscriptionResponseSchema.parse({ isSubscribed: true })).toEqual({ isSubscribed: true });
  });

  it("when isSubscribed is null or not a boolean, then the body is rejected", () => {
    expect(verifySubscriptionResponseSchema.safeParse({ isSubscribed: null }).success).toBe(false);
    expect(verifySubscriptionResponseSchema.safeParse({ isSubscribed: "true" }).success).toBe(false);
  });
});

describe("googleAuthResponseSchema", () => {
  const auth = { email: "viewer@example.com", accessToken: "ya29.token", expiresAt: 1_700_000_000_000 };

  it("when the body is complete, then it parses as is", () => {
    expect(googleAuthResponseSchema.parse(auth)).toEqual(auth);
  });

  it("when the access token is empty, then the body is rejected", () => {
    expect(googleAuthResponseSchema.safeParse({ ...auth, accessToken: "" }).success).toBe(false);
  });

  it("when expiresAt is a string, then the body is rejected", () => {
    expect(googleAuthResponseSchema.safeParse({ ...auth, expiresAt: "soon" }).success).toBe(false);
  });
});

describe("claimViewSchema", () => {
  it("when the body has keys the page does not know, then they are stripped, not rejected", () => {
    expect(claimViewSchema.parse({ ...CLAIM_VIEW, attempts: 2 })).toEqual(CLAIM_VIEW);
  });

  it("when the hash and explorer link are null, then the body is accepted", () => {
    const pending = { ...CLAIM_VIEW, status: "queued", txHash: null, explorerUrl: null };
    expect(claimViewSchema.parse(pending)).toEqual(pending);
  });

  it("when the status is not one of the claim statuses, then the body is rejected", () => {
    expect(claimViewSchema.safeParse({ ...CLAIM_VIEW, status: "minted" }).success).toBe(false);
  });

  it("when a nullable field is missing rather than null, then the body is rejected", () => {
    const { txHash: _txHash, ...withoutHash } = CLAIM_VIEW;
    expect(claimViewSchema.safeParse(withoutHash).success).toBe(false);
  });
});

describe("verifyAndMintResponseSchema and checkClaimResponseSchema", () => {
  it("when every nullable field is null, then the bodies are accepted", () => {
    expect(verifyAndMintResponseSchema.parse(NOT_MINTED)).toEqual(NOT_MINTED);
    const notClaimed = { claimed: false, txHash: null, status: null, claimId: null };
    expect(checkClaimResponseSchema.parse(notClaimed)).toEqual(notClaimed);
  });

  it("when the status is unknown, then the bodies are rejected", () => {
    expect(verifyAndMintResponseSchema.safeParse({ ...NOT_MINTED, status: "minted" }).success).toBe(false);
    const unknown = { claimed: true, txHash: null, status: "minted", claimId: "c" };
    expect(checkClaimResponseSchema.safeParse(unknown).success).toBe(false);
  });

  it("when claimed is missing, then the bodies are rejected", () => {
    const { claimed: _claimed, ...withoutClaimed } = NOT_MINTED;
    expect(verifyAndMintResponseSchema.safeParse(withoutClaimed).success).toBe(false);
    expect(checkClaimResponseSchema.safeParse({ txHash: null, status: null, claimId: null }).success).toBe(false);
  });
});

describe("inferred types", () => {
  it("when the server's handlers are typed by them, then they keep the shapes of the full-zod schemas", () => {
    expectTypeOf<GoogleAuthResponse>().toEqualTypeOf<{ email: string; accessToken: string; expiresAt: number }>();
    expectTypeOf<VerifySubscriptionResponse>().toEqualTypeOf<{
      isSubscribed: boolean;
      accountClaim?: { walletAddress: string; status: ClaimStatus; claimedAt: string } | undefined;
    }>();
    expectTypeOf<ClaimView>().toEqualTypeOf<{
      claimId: string;
      walletAddress: string;
      status: ClaimStatus;
      txHash: string | null;
      explorerUrl: string | null;
      onHold?: boolean | undefined;
      failureReason?: string | null | undefined;
    }>();
    expectTypeOf<VerifyAndMintResponse>().toEqualTypeOf<{
      claimed: boolean;
      alreadyClaimed: boolean;
      txHash: string | null;
      claimId: string | null;
      status: ClaimStatus | null;
      error: string | null;
      details: string | null;
    }>();
    expectTypeOf<CheckClaimResponse>().toEqualTypeOf<{
      claimed: boolean;
      txHash: string | null;
      status: ClaimStatus | null;
      claimId: string | null;
      claimedAt?: string | null | undefined;
      onHold?: boolean | undefined;
      failureReason?: string | null | undefined;
    }>();
  });
});
