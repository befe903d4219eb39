import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/render-with-providers.tsx";
import type { GoogleAuthResponse } from "@tube/common/api";
import { ERROR_CATALOGUE } from "@tube/common/errors";
import {
  catalogueError,
  checkClaimAnswer,
  claimViewAnswer,
  mintQueuedAnswer,
  mintRefusedAnswer,
  subscriptionAnswer,
} from "../../test/api-answers.ts";
import { deferred, sequence, stubApi, type FakeResponse } from "../../test/fake-api.ts";
import { WALLET_ADDRESS } from "../../test/fake-wallet.tsx";
import type { WizardGoogle, WizardWallet } from "./ports.ts";
import { useClaimWizard, type ClaimWizard } from "./use-claim-wizard.ts";

const AUTH: GoogleAuthResponse = {
  email: "viewer@example.com",
  accessToken: "ya29.test-token",
  expiresAt: Date.now() + 3_600_000,
};

const wallet = (patch: Partial<WizardWallet> = {}): WizardWallet => ({
  address: WALLET_ADDRESS,
  isConnected: true,
  isCorrectNetwork: true,
  isConnecting: false,
  connect: vi.fn(),
  switchNetwork: vi.fn(),
  ...patch,
});
const disconnected = { isConnected: false, isCorrectNetwork: false, address: undefined };
const google = (auth: GoogleAuthResponse | null): WizardGoogle => ({
  auth,
  isAuthorizing: false,
  signOut: vi.fn(),
  authorize: vi.fn(),
});

/** Renders the hook alone; `wizard()` returns its latest value. */
function renderHookWith({
  walletState = wallet(),
  auth = AUTH,
}: { walletState?: WizardWallet; auth?: GoogleAuthResponse | null } = {}) {
  let latest: ClaimWizard | undefined;
  function Probe() {
    latest = useClaimWizard({ wallet: walletState, google: google(auth), reloadPage: vi.fn() });
    return null;
  }
  renderWithProviders(<Probe />);
  return () => latest as ClaimWizard;
}

/** The probe renders nothing, so every status on screen is a toast. */
const expectOnlyToast = (title: string, description: string) => {
  expect(screen.getByRole("status", { name: title })).toHaveTextContent(description);
  expect(screen.getAllByRole("status")).toHaveLength(1);
};
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

beforeEach(() => vi.useFakeTimers());
afterEach(async () => {
  await act(() => vi.advanceTimersByTimeAsync(30_000));
});

describe("verify: checks in the product's order", () => {
  it.each([
    {
      when: "Google is not authorized (even with nothing else)",
      auth: null,
      username: "",
      walletState: wallet(disconnected),
      title: "Authentication Required",
      description: "Please authenticate with Google first to verify your subscription.",
    },
    {
      when: "the Google token has expired",
      auth: { ...AUTH, expiresAt: Date.now() - 1 },
      username: "viewer",
      walletState: wallet(),
      title: "Authentication Required",
      description: "Please authenticate with Google first to verify your subscription.",
    },
    {
      when: "the username is blank (and no wallet either)",
      auth: AUTH,
      username: "   ",
      walletState: wallet(disconnected),
      title: "Username Required",
      description: "Please enter your YouTube username.",
    },
    {
      when: "no wallet is connected",
      auth: AUTH,
      username: "viewer",
      walletState: wallet(disconnected),
      title: "Wallet Required",
      description: "Please connect your wallet before verifying.",
    },
  ])(
    "when $when, then the toast is '$title' and nothing is called",
    async ({ auth, username, walletState, title, description }) => {
      const api = stubApi({});
      const wizard = renderHookWith({ auth, walletState });
      act(() => wizard().setUsername(username));

      await act(() => wizard().verify());
      await flush();

      expectOnlyToast(title, description);
      expect(api.calls).toHaveLength(0);
    },
  );
});

describe("claim: checks in the product's order", () => {
  it.each([
    {
      when: "no wallet is connected (and nothing else is ready)",
      auth: null,
      username: "",
      walletState: wallet(disconnected),
      title: "Wallet Not Connected",
      description: "Please connect your wallet to continue.",
    },
    {
      when: "the username is blank (and Google is not authorized)",
      auth: null,
      username: "",
      walletState: wallet(),
      title: "YouTube Username Missing",
      description: "Please enter your YouTube username.",
    },
    {
      when: "Google is not authorized",
      auth: null,
      username: "viewer",
      walletState: wallet(),
      title: "Authentication Required",
      description: "Please authenticate with Google first.",
    },
  ])(
    "when $when, then the toast is '$title' and nothing is called",
    async ({ auth, username, walletState, title, description }) => {
      const api = stubApi({});
      const wizard = renderHookWith({ auth, walletState });
      act(() => wizard().setUsername(username));

      await act(() => wizard().claim());
      await flush();

      expectOnlyToast(title, description);
      expect(api.calls).toHaveLength(0);
    },
  );
});

describe("verify: the progress rule", () => {
  function startVerification(
    subscription: Promise<FakeResponse>,
    claim: Promise<FakeResponse> = Promise.resolve(notClaimed),
  ) {
    stubApi({ "POST /api/verify-subscription": () => subscription, "GET /api/check-claim/:wallet": () => claim });
    const wizard = renderHookWith();
    act(() => wizard().setUsername("viewer"));
    act(() => void wizard().verify());
    return wizard;
  }
  const notClaimed = checkClaimAnswer();

  it("when the check runs, then progress climbs by 10 every 200 ms from 0 and stops at 90", async () => {
    const subscription = deferred<FakeResponse>();
    const wizard = startVerification(subscription.promise);
    expect(wizard().state.progress).toBe(0);

    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(wizard().state.progress).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(wizard().state.progress).toBe(10);
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(wizard().state.progress).toBe(30);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(wizard().state.progress).toBe(90);
    expect(wizard().state.activity).toBe("verifying");
  });

  it("when the subscription passes, then progress is 95 during the claim check and 100 after", async () => {
    const subscription = deferred<FakeResponse>();
    const claim = deferred<FakeResponse>();
    const wizard = startVerification(subscription.promise, claim.promise);
    await act(() => vi.advanceTimersByTimeAsync(600));

    subscription.resolve(subscriptionAnswer(true));
    await flush();
    expect(wizard().state.progress).toBe(95);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(wizard().state.progress).toBe(95);

    claim.resolve(notClaimed);
    await flush();
    expect(wizard().state).toMatchObject({ progress: 100, activity: "idle", step: 2 });
    expect(screen.getByRole("status", { name: "Subscription Verified!" })).toBeInTheDocument();
  });

  it("when not subscribed, then progress stops at 50", async () => {
    const wizard = startVerification(Promise.resolve(subscriptionAnswer(false)));
    await flush();
    expect(wizard().state).toMatchObject({ progress: 50, activity: "idle", step: 0 });
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(wizard().state.progress).toBe(50);
  });

  it("when the check fails, then progress resets to 0", async () => {
    const wizard = startVerification(
      Promise.resolve(catalogueError("YOUTUBE_QUOTA_EXCEEDED", "YouTube verification is busy right now.")),
    );
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(wizard().state).toMatchObject({ progress: 0, activity: "idle", step: 0 });
    expect(screen.getByRole("status", { name: "Subscription Verification Failed" })).toHaveTextContent(
      "YouTube verification is busy right now.",
    );
  });

  it("when the wallet has already claimed, then progress resets to 0", async () => {
    const claimed = checkClaimAnswer({
      claimed: true,
      txHash: `0x${"cd".repeat(32)}`,
      status: "confirmed",
      claimId: "c",
    });
    const wizard = startVerification(Promise.resolve(subscriptionAnswer(true)), Promise.resolve(claimed));
    await flush();
    expect(wizard().state).toMatchObject({ progress: 0, activity: "idle", step: 0 });
    expect(screen.getByRole("status", { name: "Already Claimed" })).toBeInTheDocument();
  });
});

describe("claim: one failure path", () => {
  const CLAIM_ID = "7d4a3a8e-5f7c-4b7e-9a55-2a8f0c1d9e01";
  const TX_HASH = `0x${"ef".repeat(32)}`;

  async function claimWhenMintAnswers(verifyAndMint: FakeResponse) {
    const api = stubApi({
      "GET /api/check-claim/:wallet": checkClaimAnswer(),
      "POST /api/verify-and-mint": verifyAndMint,
      "GET /api/claims/:id": sequence(
        claimViewAnswer({ claimId: CLAIM_ID, status: "queued" }),
        claimViewAnswer({ claimId: CLAIM_ID, status: "confirmed", txHash: TX_HASH }),
      ),
      "POST /api/record-claim": { status: 200, body: { recorded: true } },
    });
    const wizard = renderHookWith();
    act(() => wizard().setUsername("viewer"));
    await act(() => wizard().claim());
    return { wizard, api };
  }

  it.each([
    { how: "refuses in its answer", answer: mintRefusedAnswer("MINT_ATTEMPTS_EXHAUSTED") },
    { how: "answers with the error", answer: catalogueError("MINT_ATTEMPTS_EXHAUSTED") },
  ])(
    "when verify-and-mint $how, then 'Minting Failed' shows the catalogue's text and the claim is on hold, with no retry",
    async ({ answer }) => {
      const { wizard } = await claimWhenMintAnswers(answer);
      await flush();
      expect(wizard().state).toMatchObject({ activity: "idle", failedClaim: "onHold" });
      expect(screen.getByRole("status", { name: "Minting Failed" })).toHaveTextContent(
        ERROR_CATALOGUE.MINT_ATTEMPTS_EXHAUSTED.message,
      );
    },
  );

  it("when the claim store is unreachable, then 'Claims Unavailable' says nothing was claimed", async () => {
    const { wizard } = await claimWhenMintAnswers(catalogueError("STORE_UNAVAILABLE"));
    await flush();
    expect(wizard().state).toMatchObject({ activity: "idle", failedClaim: "none" });
    expect(screen.getByRole("status", { name: "Claims Unavailable" })).toHaveTextContent(
      "Nothing was claimed. Please try again in a moment.",
    );
  });

  it("when the mint is queued, then the claim is followed to Done and its hash recorded", async () => {
    const { wizard, api } = await claimWhenMintAnswers(mintQueuedAnswer(CLAIM_ID));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(wizard().state).toMatchObject({ step: 3, txHash: TX_HASH, recipient: WALLET_ADDRESS });
    expect(api.callsTo("POST", "/api/record-claim")[0]?.body).toEqual({
      walletAddress: WALLET_ADDRESS,
      googleEmail: AUTH.email,
      txHash: TX_HASH,
    });
  });
});
