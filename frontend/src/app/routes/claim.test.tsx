import type { ClaimView } from "@tube/common/api";
import { REWARD_AMOUNT_WEI, REWARD_TOKENS } from "@tube/common/constants";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { saveGoogleAuth } from "../../features/google-auth/google-auth-storage.ts";
import {
  FORCE_TEST_MODE_STORAGE_KEY,
  GOOGLE_AUTH_STORAGE_KEY,
  USER_EMAIL_STORAGE_KEY,
} from "../../features/google-auth/google-session-keys.ts";
import type { WalletState } from "../../features/wallet/wallet-state.tsx";
import { apiError, sequence, stubApi, type FakeHandler, type FakeResponse } from "../../test/fake-api.ts";
import { createFakeWallet, WALLET_ADDRESS } from "../../test/fake-wallet.tsx";
import { renderWithProviders, TEST_PUBLIC_CONFIG } from "../../test/render-with-providers.tsx";
import { server } from "../../test/server.ts";
import { WIZARD_PROGRESS_STORAGE_KEY } from "../../features/claim-wizard/wizard-progress-storage.ts";
import ClaimRoute, { ComposedClaimWizard } from "./claim.tsx";

const AUTH = { email: "viewer@example.com", accessToken: "ya29.test-token", expiresAt: Date.now() + 3_600_000 };
const CLAIM_ID = "7d4a3a8e-5f7c-4b7e-9a55-2a8f0c1d9e01";
const TX_HASH = `0x${"ab".repeat(32)}`;

const claimView = (status: ClaimView["status"], txHash: string | null = null, onHold = false): FakeResponse => ({
  status: 200,
  body: {
    onHold,
    claimId: CLAIM_ID,
    walletAddress: WALLET_ADDRESS,
    status,
    txHash,
    explorerUrl: txHash ? `https://arbiscan.io/tx/${txHash}` : null,
  },
});
/** A failed claim's view with the reason the server knows for it. */
const failedFor = (failureReason: string, onHold = false): FakeResponse => {
  const view = claimView("failed", null, onHold);
  return { ...view, body: { ...(view.body as object), failureReason } };
};
const queuedMint: FakeResponse = {
  status: 202,
  body: {
    claimed: true,
    alreadyClaimed: false,
    txHash: null,
    claimId: CLAIM_ID,
    status: "queued",
    error: null,
    details: null,
  },
};
const notClaimed: FakeResponse = { status: 200, body: { claimed: false, txHash: null, status: null, claimId: null } };

function defaultRoutes(overrides: Record<string, FakeHandler | FakeResponse> = {}) {
  return stubApi({
    "POST /api/verify-subscription": { status: 200, body: { isSubscribed: true } },
    "GET /api/check-claim/:wallet": notClaimed,
    "POST /api/verify-and-mint": queuedMint,
    "GET /api/claims/:id": sequence(claimView("queued"), claimView("submitted"), claimView("confirmed", TX_HASH)),
    "POST /api/auth/revoke": { status: 204 },
    "POST /api/record-claim": { status: 200, body: { recorded: true } },
    // The success step reads the wallet's balance from the chain: the reward, once paid.
    [`POST ${TEST_PUBLIC_CONFIG.rpcUrl}/`]: { status: 200, body: { result: `0x${REWARD_AMOUNT_WEI.toString(16)}` } },
    ...overrides,
  });
}

function renderWizard({ wallet = {}, auth = AUTH }: { wallet?: Partial<WalletState>; auth?: typeof AUTH | null } = {}) {
  if (auth) saveGoogleAuth(auth);
  const fake = createFakeWallet(wallet);
  const reloadPage = vi.fn();
  const view = renderWithProviders(
    <fake.FakeWalletProvider>
      <ComposedClaimWizard reloadPage={reloadPage} />
    </fake.FakeWalletProvider>,
    { route: "/claim" },
  );
  return { ...view, wallet: fake.wallet, fns: fake.fns, reloadPage };
}

/**
 * Pasted rather than typed: each key would re-render the whole wizard, and no test here is about single keys. The
 * button is looked for in the field's form, as a query by name over the whole page names every button on it.
 */
async function verifyThroughUi(user: UserEvent, username = "viewer") {
  const field = screen.getByLabelText("Enter your YouTube username");
  await user.click(field);
  await user.paste(username);
  const form = field.closest("form") as HTMLFormElement;
  await user.click(within(form).getByRole("button", { name: "Verify My Subscription" }));
}

const stepHeading = (name: string) => screen.findByRole("heading", { level: 2, name });
/** A row of the Claim step's list, by its label: the label and its value. */
const row = (label: string) => screen.getByText(label).parentElement as HTMLElement;
const toast = (name: string) => screen.findByRole("status", { name });

async function reachMintStep(user: UserEvent) {
  await verifyThroughUi(user);
  await stepHeading("Step 3: Claim Your Tokens");
}

/** Walks to the Claim step with every other route answering as usual, and presses Claim. */
async function pressClaimWhenMintAnswers(verifyAndMint: FakeResponse) {
  defaultRoutes({ "POST /api/verify-and-mint": verifyAndMint });
  const { user } = renderWizard();
  await reachMintStep(user);
  await user.click(screen.getByRole("button", { name: `Claim ${REWARD_TOKENS} Tokens` }));
}

/** Walks to the Claim step and presses Claim; the followed claim is queued, then reads `last`, one poll later. */
async function claimUntilItReads(last: FakeResponse) {
  defaultRoutes({ "GET /api/claims/:id": sequence(claimView("queued"), last) });
  const view = renderWizard();
  await reachMintStep(view.user);
  await view.user.click(screen.getByRole("button", { name: `Claim ${REWARD_TOKENS} Tokens` }));
  await act(() => vi.advanceTimersByTimeAsync(1_000));
  return view;
}

describe("claim wizard: transitions", () => {
  it("when the subscription is verified with a wallet on Arbitrum, then the wizard goes from Subscribe straight to Mint", async () => {
    const api = defaultRoutes();
    const { user } = renderWizard();

    expect(screen.getByRole("heading", { level: 2, name: "Step 1: Subscribe & Verify" })).toBeInTheDocument();
    await verifyThroughUi(user);

    expect(await toast("Subscription Verified!")).toBeInTheDocument();
    expect(await stepHeading("Step 3: Claim Your Tokens")).toHaveFocus();
    expect(api.callsTo("POST", "/api/verify-subscription")[0]?.body).toEqual({
      accessToken: AUTH.accessToken,
      channelId: TEST_PUBLIC_CONFIG.youtubeChannelId,
      youtubeUsername: "viewer",
    });
    expect(screen.getByRole("listitem", { name: /Step 3 of 4: Mint, current/ })).toHaveAttribute(
      "aria-current",
      "step",
    );
  });

  it("when verified on the wrong network, then it goes to Connect, and switching network moves it on to Mint", async () => {
    defaultRoutes();
    const { user, wallet } = renderWizard({ wallet: { isCorrectNetwork: false } });

    await verifyThroughUi(user);
    await stepHeading("Step 2: Connect Your Wallet");
    await user.click(screen.getByRole("button", { name: "Switch to Arbitrum Network" }));

    await stepHeading("Step 3: Claim Your Tokens");
    expect(wallet.current().isCorrectNetwork).toBe(true);
  });

  it("when going back from Mint, then Connect stays put until Continue, and Back again returns to Subscribe", async () => {
    defaultRoutes();
    const { user } = renderWizard();
    await reachMintStep(user);

    await user.click(screen.getByRole("button", { name: "Back" }));
    await stepHeading("Step 2: Connect Your Wallet");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await stepHeading("Step 3: Claim Your Tokens");
    await user.click(screen.getByRole("button", { name: "Back" }));
    await user.click(await screen.findByRole("button", { name: "Back" }));

    expect(await stepHeading("Step 1: Subscribe & Verify")).toBeInTheDocument();
    expect(screen.getByLabelText("Enter your YouTube username")).toHaveValue("viewer");
  });

  it("when the wallet disconnects on Connect, then Continue is disabled until a wallet connects, which moves to Mint", async () => {
    defaultRoutes();
    const { user, fns } = renderWizard();
    await reachMintStep(user);
    await user.click(screen.getByRole("button", { name: "Back" }));
    await stepHeading("Step 2: Connect Your Wallet");

    await user.click(screen.getByRole("button", { name: "Disconnect Wallet" }));
    expect(screen.getByRole("button", { name: "Continue" })).toBeDisabled();
    await user.click(
      within(screen.getByRole("heading", { level: 2 }).parentElement as HTMLElement).getByRole("button", {
        name: "Connect Wallet",
      }),
    );

    expect(fns.connect).toHaveBeenCalled();
    expect(await stepHeading("Step 3: Claim Your Tokens")).toBeInTheDocument();
  });
  it("when the page reloads on Connect and the remembered wallet comes back ready, then it stays on Connect", async () => {
    defaultRoutes();
    sessionStorage.setItem(
      WIZARD_PROGRESS_STORAGE_KEY,
      JSON.stringify({ step: 1, youtubeUsername: "viewer", claim: null }),
    );
    const { wallet } = renderWizard({
      wallet: { isConnected: false, isCorrectNetwork: false, address: undefined, isConnecting: true },
    });
    await stepHeading("Step 2: Connect Your Wallet");

    wallet.update({ isConnected: true, isCorrectNetwork: true, address: WALLET_ADDRESS, isConnecting: false });

    expect(screen.getByRole("heading", { level: 2, name: "Step 2: Connect Your Wallet" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Continue" })).toBeEnabled();
  });

  it("when a wallet connects on Connect on another network, then focus moves on to Continue, not to the page", async () => {
    defaultRoutes();
    const { user, wallet } = renderWizard();
    await reachMintStep(user);
    await user.click(screen.getByRole("button", { name: "Back" }));
    await stepHeading("Step 2: Connect Your Wallet");
    await user.click(screen.getByRole("button", { name: "Disconnect Wallet" }));
    expect(document.activeElement).toBe(document.body);

    wallet.update({ isConnected: true, isCorrectNetwork: false, address: WALLET_ADDRESS });

    expect(screen.getByRole("button", { name: "Continue" })).toHaveFocus();
  });
});

describe("claim wizard: verify", () => {
  it("when Google is not authorized, then the username field and Verify are disabled, and Verify says why", () => {
    defaultRoutes();
    renderWizard({ auth: null });
    expect(screen.getByLabelText("Enter your YouTube username")).toBeDisabled();
    expect(screen.getByRole("button", { name: "Verify My Subscription" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Verify My Subscription" })).toHaveAccessibleDescription(
      "Please authenticate with Google first to verify your subscription.",
    );
  });

  it("when the username or the wallet is missing, then Verify is disabled and says which, until both are there", async () => {
    const api = defaultRoutes();
    const { user, wallet } = renderWizard({
      wallet: { isConnected: false, isCorrectNetwork: false, address: undefined },
    });
    const verify = screen.getByRole("button", { name: "Verify My Subscription" });
    expect(verify).toHaveAccessibleDescription("Please enter your YouTube username.");

    await verifyThroughUi(user);
    expect(verify).toBeDisabled();
    expect(verify).toHaveAccessibleDescription("Please connect your wallet before verifying.");
    expect(api.calls).toHaveLength(0);

    wallet.update({ isConnected: true, isCorrectNetwork: true, address: WALLET_ADDRESS });
    expect(verify).toBeEnabled();
    expect(verify).not.toHaveAccessibleDescription();
  });

  it("when not subscribed, then the toast is 'Not Subscribed' and the wizard stays on Subscribe", async () => {
    defaultRoutes({ "POST /api/verify-subscription": { status: 200, body: { isSubscribed: false } } });
    const { user } = renderWizard();
    const hint = "This helps us verify your subscription status";
    expect(screen.queryByText(hint)).not.toBeInTheDocument();
    await verifyThroughUi(user);

    expect(await toast("Not Subscribed")).toHaveTextContent(
      "You don't appear to be subscribed to the channel. Please subscribe first.",
    );
    // The username is read only for an account that is not subscribed.
    expect(screen.getByText(hint)).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Step 1: Subscribe & Verify" })).toBeInTheDocument();
  });

  it("when the username is not the account's channel, then the server's text names the real channel", async () => {
    defaultRoutes({
      "POST /api/verify-subscription": apiError(
        403,
        "USERNAME_MISMATCH",
        "This Google account's YouTube channel is @RealViewer.",
      ),
    });
    const { user } = renderWizard();
    await verifyThroughUi(user, "someone-else");

    expect(await toast("Subscription Verification Failed")).toHaveTextContent(
      "We couldn't verify your YouTube subscription. Please ensure you're subscribed to the channel. This Google account's YouTube channel is @RealViewer.",
    );
  });

  it("when the Google account already claimed with another wallet, then Verify stops with that claim's state and date", async () => {
    const api = defaultRoutes({
      "POST /api/verify-subscription": {
        status: 200,
        body: {
          isSubscribed: true,
          accountClaim: {
            walletAddress: "0x1111111111111111111111111111111111112222",
            status: "submitted",
            claimedAt: "2026-11-05T12:00:00.000Z",
          },
        },
      },
    });
    const { user } = renderWizard();
    await verifyThroughUi(user);

    expect(await toast("Already Claimed")).toHaveTextContent(
      "This Google account has already claimed tokens with another wallet. Its claim of November 5, 2026 to 0x1111...2222 is still being minted.",
    );
    expect(screen.getByRole("heading", { level: 2, name: "Step 1: Subscribe & Verify" })).toBeInTheDocument();
    expect(api.callsTo("GET", "/api/check-claim/")).toHaveLength(0);
  });

  it("when the wallet has already claimed, then Verify stops with 'Already Claimed'", async () => {
    defaultRoutes({
      "GET /api/check-claim/:wallet": {
        status: 200,
        body: { claimed: true, txHash: TX_HASH, status: "confirmed", claimId: CLAIM_ID },
      },
    });
    const { user } = renderWizard();
    await verifyThroughUi(user);

    expect(await toast("Already Claimed")).toHaveTextContent("This wallet address has already claimed tokens.");
    expect(screen.getByRole("heading", { level: 2, name: "Step 1: Subscribe & Verify" })).toBeInTheDocument();
  });
});

describe("claim wizard: claim", () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));

  it("when the mint is queued, submitted and confirmed, then progress follows it and the success dialog and Done step show the transaction", async () => {
    // The server's claim as it stands, which each read answers.
    let claim = claimView("queued");
    const api = defaultRoutes({ "GET /api/claims/:id": () => claim });
    const { user, reloadPage } = renderWizard();
    await reachMintStep(user);

    await user.click(screen.getByRole("button", { name: `Claim ${REWARD_TOKENS} Tokens` }));
    expect(await toast("Checking Claim Status")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Minting Your Tokens..." })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "40"));
    expect(screen.getByRole("progressbar", { name: "Your mint is queued..." })).toBeInTheDocument();

    claim = claimView("submitted");
    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "70"));
    claim = claimView("confirmed", TX_HASH);
    await act(() => vi.advanceTimersByTimeAsync(500));

    const dialog = await screen.findByRole("dialog", { name: "Transaction Successful" });
    expect(await toast("Transaction Successful")).toHaveTextContent(
      `${REWARD_TOKENS} tokens have been minted and sent to your wallet!`,
    );
    expect(dialog).toHaveTextContent("Your tokens have been successfully minted and transferred to your wallet.");
    expect(dialog).toHaveTextContent("Tokens Received");
    expect(dialog).toHaveTextContent(TX_HASH);
    expect(within(dialog).getByRole("link", { name: /block explorer/ })).toHaveAttribute(
      "href",
      `https://arbiscan.io/tx/${TX_HASH}`,
    );
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    expect(api.callsTo("POST", "/api/verify-and-mint")[0]?.body).toEqual({
      walletAddress: WALLET_ADDRESS,
      googleEmail: AUTH.email,
      oauthAccessToken: AUTH.accessToken,
    });
    // The page reports the hash it saw; the server only confirms it against its own record.
    await waitFor(() =>
      expect(api.callsTo("POST", "/api/record-claim")[0]?.body).toEqual({
        walletAddress: WALLET_ADDRESS,
        googleEmail: AUTH.email,
        txHash: TX_HASH,
      }),
    );

    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    const doneHeading = await stepHeading("Tokens Claimed Successfully!");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(doneHeading).toHaveFocus());
    expect(
      screen.getByText(`${REWARD_TOKENS} tokens have been sent to your wallet on the Arbitrum network.`),
    ).toBeInTheDocument();
    expect(screen.getByText(`${REWARD_TOKENS} Tokens`)).toBeInTheDocument();
    expect(screen.getByText(WALLET_ADDRESS)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /View transaction on the block explorer/ })).toHaveAttribute(
      "href",
      `https://arbiscan.io/tx/${TX_HASH}`,
    );

    await user.click(screen.getByRole("button", { name: "Start Over" }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("when the claim already exists with a hash, then 'Tokens Already Claimed' leads straight to Done without minting", async () => {
    defaultRoutes();
    const { user } = renderWizard();
    await reachMintStep(user);
    const api = defaultRoutes({
      "GET /api/check-claim/:wallet": {
        status: 200,
        body: {
          claimed: true,
          txHash: TX_HASH,
          status: "confirmed",
          claimId: CLAIM_ID,
          claimedAt: "2026-11-05T12:00:00.000Z",
        },
      },
    });

    await user.click(screen.getByRole("button", { name: `Claim ${REWARD_TOKENS} Tokens` }));

    expect(await toast("Tokens Already Claimed")).toHaveTextContent(
      "This wallet received its tokens on November 5, 2026.",
    );
    const dialog = await screen.findByRole("dialog", { name: "Transaction Successful" });
    expect(dialog).toHaveTextContent(TX_HASH);
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(await stepHeading("Tokens Claimed Successfully!")).toBeInTheDocument();
    expect(screen.getByText("This wallet claimed its tokens earlier, on November 5, 2026.")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/verify-and-mint")).toHaveLength(0);
  });

  it("when the Claim step shows while the wallet is still coming back, then Claim waits for it instead of refusing", async () => {
    defaultRoutes();
    const { user, wallet } = renderWizard();
    await reachMintStep(user);

    wallet.update({ isConnected: false, isCorrectNetwork: false, address: undefined, isConnecting: true });
    expect(screen.getByRole("button", { name: /Reconnecting your wallet/ })).toBeDisabled();

    wallet.update({ isConnected: true, isCorrectNetwork: true, address: WALLET_ADDRESS, isConnecting: false });
    expect(screen.getByRole("button", { name: `Claim ${REWARD_TOKENS} Tokens` })).toBeEnabled();
  });

  it("when the wallet disconnects on the Claim step, then its row says so and offers to connect again, and Ready comes back with it", async () => {
    defaultRoutes();
    const { user, wallet } = renderWizard();
    await reachMintStep(user);
    expect(row("Wallet Connected")).toHaveTextContent("Ready");

    wallet.update({ isConnected: false, isCorrectNetwork: false, address: undefined });
    expect(row("Wallet Connected")).toHaveTextContent("Not connected");
    expect(row("Network")).toHaveTextContent("—");
    expect(row("Network")).not.toHaveTextContent("Arbitrum");
    expect(screen.getByRole("button", { name: `Claim ${REWARD_TOKENS} Tokens` })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Connect Wallet to Claim Tokens" }));

    expect(wallet.current().connect).toHaveBeenCalledTimes(1);
    expect(row("Wallet Connected")).toHaveTextContent("Ready");
    expect(row("Network")).toHaveTextContent("Arbitrum");
    expect(screen.getByRole("button", { name: `Claim ${REWARD_TOKENS} Tokens` })).toBeEnabled();
    expect(screen.queryByRole("button", { name: "Connect Wallet to Claim Tokens" })).not.toBeInTheDocument();
  });

  it("when the wallet changes chain on the Claim step, then the Network row says 'Wrong Network' and offers the switch", async () => {
    defaultRoutes();
    const { user, wallet } = renderWizard();
    await reachMintStep(user);

    wallet.update({ isCorrectNetwork: false });
    expect(row("Network")).toHaveTextContent("Wrong Network");
    await user.click(screen.getByRole("button", { name: "Switch to Arbitrum Network" }));

    expect(row("Network")).toHaveTextContent("Arbitrum");
    expect(screen.queryByRole("button", { name: "Switch to Arbitrum Network" })).not.toBeInTheDocument();
  });

  it("when the server refuses because the wallet already claimed, then the toast is 'Already Claimed'", async () => {
    await pressClaimWhenMintAnswers(
      apiError(409, "ALREADY_CLAIMED", "This wallet address has already claimed tokens."),
    );

    expect(await toast("Already Claimed")).toHaveTextContent("This wallet address has already claimed tokens.");
    expect(screen.getByRole("button", { name: `Claim ${REWARD_TOKENS} Tokens` })).toBeEnabled();
  });

  it("when the server refuses the Google token, then the toast is 'Verification Failed' with its text", async () => {
    await pressClaimWhenMintAnswers(
      apiError(401, "GOOGLE_TOKEN_INVALID", "Your Google session has expired. Please connect with Google again."),
    );

    expect(await toast("Verification Failed")).toHaveTextContent(
      "Your Google session has expired. Please connect with Google again.",
    );
  });

  it("when the claim-status check fails, then 'Eligibility Check Failed' is shown and the mint goes ahead", async () => {
    const api = defaultRoutes();
    const { user } = renderWizard();
    await reachMintStep(user);
    defaultRoutes({ "GET /api/check-claim/:wallet": apiError(500, "INTERNAL", "An unexpected error occurred.") });
    void api;

    await user.click(screen.getByRole("button", { name: `Claim ${REWARD_TOKENS} Tokens` }));
    expect(await toast("Eligibility Check Failed")).toHaveTextContent("An unexpected error occurred.");
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await toast("Transaction Successful")).toBeInTheDocument();
  });

  it("when the mint fails on chain, then 'Minting Failed' is shown and pressing Claim again retries", async () => {
    const { user } = await claimUntilItReads(claimView("failed"));

    expect(await toast("Minting Failed")).toHaveTextContent("Transaction failed for unknown reason");
    // The button says what it will do now.
    const claimButton = screen.getByRole("button", { name: "Retry claim" });
    expect(screen.getByText(/earlier claim did not go through/)).toBeInTheDocument();
    expect(claimButton).toBeEnabled();

    const api = defaultRoutes({ "GET /api/claims/:id": claimView("confirmed", TX_HASH) });
    await user.click(claimButton);
    expect(await screen.findByRole("dialog", { name: "Transaction Successful" })).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/verify-and-mint")).toHaveLength(1);
  });

  it("when the mint fails for a reason the server knows, then 'Minting Failed' and the Claim step give that reason, not the unknown one", async () => {
    await claimUntilItReads(failedFor("REVERTED"));

    const reason = "Transaction failed: it reached the network, but the rewards contract did not pay the reward.";
    expect(await toast("Minting Failed")).toHaveTextContent(reason);
    expect(screen.getByText(/earlier claim did not go through/)).toHaveTextContent(reason);
    expect(screen.queryByText(/unknown reason/)).not.toBeInTheDocument();
  });
});

describe("claim wizard: every claim has a way forward", () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));

  const refused = (details: string, error: string): FakeResponse => ({
    status: 200,
    body: { claimed: false, alreadyClaimed: true, txHash: null, claimId: null, status: null, error, details },
  });

  it("when this Google account claimed with another wallet, then 'Already Claimed' says so, not the wallet sentence", async () => {
    const text = "This Google account has already claimed tokens with another wallet.";
    await pressClaimWhenMintAnswers(refused("GOOGLE_ACCOUNT_ALREADY_CLAIMED", text));

    expect(await toast("Already Claimed")).toHaveTextContent(text);
    expect(screen.queryByText("This wallet address has already claimed tokens.")).not.toBeInTheDocument();
  });

  it("when the wallet's failed claim belongs to another Google account, then the toast names the way out", async () => {
    const text =
      "This wallet's earlier claim did not go through. Only the Google account that started it can retry it: connect with that account, or use another wallet.";
    await pressClaimWhenMintAnswers(refused("CLAIM_STARTED_BY_ANOTHER_ACCOUNT", text));

    expect(await toast("Claim Started by Another Account")).toHaveTextContent(text);
  });

  it("when verify-and-mint answers with a failed mint, then 'Minting Failed' is shown and the button offers 'Retry claim'", async () => {
    await pressClaimWhenMintAnswers({
      status: 202,
      body: {
        claimed: false,
        alreadyClaimed: false,
        txHash: null,
        claimId: CLAIM_ID,
        status: "failed",
        error: "Minting failed. Please try again.",
        details: "MINT_FAILED",
      },
    });

    expect(await toast("Minting Failed")).toHaveTextContent("Minting failed. Please try again.");
    expect(screen.getByRole("button", { name: "Retry claim" })).toBeEnabled();
  });

  it("when the wallet's claim is failed on arrival at the Claim step, then the button reads 'Retry claim'", async () => {
    defaultRoutes({
      "GET /api/check-claim/:wallet": {
        status: 200,
        body: { claimed: false, txHash: null, status: "failed", claimId: CLAIM_ID },
      },
    });
    const { user } = renderWizard();
    await reachMintStep(user);

    expect(await screen.findByRole("button", { name: "Retry claim" })).toBeEnabled();
  });

  it("when the wallet's claim is on hold on arrival at the Claim step, then it says so, with no retry that could only fail", async () => {
    defaultRoutes({
      "GET /api/check-claim/:wallet": {
        status: 200,
        body: { claimed: false, txHash: null, status: "failed", claimId: CLAIM_ID, onHold: true },
      },
    });
    const { user } = renderWizard();
    await reachMintStep(user);

    expect(await screen.findByText("This claim is on hold")).toBeInTheDocument();
    expect(screen.getByText(/nothing was minted and your claim is kept/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Retry claim" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: `Claim ${REWARD_TOKENS} Tokens` })).toBeDisabled();
  });

  it("when the wallet's claim is on hold on arrival for a reason the server knows, then the on-hold alert gives it", async () => {
    defaultRoutes({
      "GET /api/check-claim/:wallet": {
        status: 200,
        body: {
          claimed: false,
          txHash: null,
          status: "failed",
          claimId: CLAIM_ID,
          onHold: true,
          failureReason: "REWARD_CAP_REACHED",
        },
      },
    });
    const { user } = renderWizard();
    await reachMintStep(user);

    expect(await screen.findByText(/nothing was minted and your claim is kept/)).toHaveTextContent(
      "Transaction failed: every reward this campaign holds has been paid out.",
    );
  });

  it("when a followed claim fails with its last attempt, then 'Minting Failed' says it is on hold and Claim is not offered again", async () => {
    await claimUntilItReads(claimView("failed", null, true));

    expect(await toast("Minting Failed")).toHaveTextContent(/this claim is on hold/);
    expect(await screen.findByText("This claim is on hold")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: `Claim ${REWARD_TOKENS} Tokens` })).toBeDisabled();
  });

  it("when the subscription check gets a non-OK answer without a catalogue code, then it reads the product's sentence", async () => {
    defaultRoutes({ "POST /api/verify-subscription": { status: 502, body: "Bad Gateway" } });
    const { user } = renderWizard();
    await verifyThroughUi(user);

    const failure = await toast("Subscription Verification Failed");
    expect(failure).toHaveTextContent(
      "We couldn't verify your YouTube subscription. Please ensure you're subscribed to the channel.",
    );
    expect(failure).not.toHaveTextContent("502");
  });

  it("when the server refuses the Google token on the Claim step, then 'Reconnect with Google' is offered there", async () => {
    await pressClaimWhenMintAnswers(
      apiError(401, "GOOGLE_TOKEN_INVALID", "Your Google session has expired. Please connect with Google again."),
    );

    expect(await screen.findByRole("button", { name: "Reconnect with Google" })).toBeEnabled();
    expect(screen.getByText("Your Google session has expired")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Step 3: Claim Your Tokens" })).toBeInTheDocument();
  });

  it("when the page reloads on the Claim step, then it resumes there with the username", async () => {
    defaultRoutes();
    sessionStorage.setItem(
      WIZARD_PROGRESS_STORAGE_KEY,
      JSON.stringify({ step: 2, youtubeUsername: "viewer", claim: null }),
    );
    renderWizard();

    expect(await stepHeading("Step 3: Claim Your Tokens")).toBeInTheDocument();
  });

  it("when the page reloads while minting and the Google session is gone, then 'Minting Failed' says the Google data is missing", async () => {
    defaultRoutes({
      "GET /api/check-claim/:wallet": {
        status: 200,
        body: { claimed: true, txHash: null, status: "submitted", claimId: CLAIM_ID },
      },
    });
    sessionStorage.setItem(
      WIZARD_PROGRESS_STORAGE_KEY,
      JSON.stringify({ step: 2, youtubeUsername: "viewer", claim: null }),
    );
    renderWizard({ auth: null });

    expect(await toast("Minting Failed")).toHaveTextContent(
      "Missing Google authentication data. Please connect with Google again to follow your claim.",
    );
    expect(screen.getByRole("button", { name: "Reconnect with Google" })).toBeEnabled();
  });

  it("when the page reloads while minting, then it follows the same claim to Done without minting again", async () => {
    const api = defaultRoutes({ "GET /api/claims/:id": claimView("confirmed", TX_HASH) });
    sessionStorage.setItem(
      WIZARD_PROGRESS_STORAGE_KEY,
      JSON.stringify({
        step: 2,
        youtubeUsername: "viewer",
        claim: { claimId: CLAIM_ID, walletAddress: WALLET_ADDRESS, googleEmail: AUTH.email },
      }),
    );
    renderWizard();

    expect(await screen.findByRole("dialog", { name: "Transaction Successful" })).toHaveTextContent(WALLET_ADDRESS);
    expect(api.callsTo("POST", "/api/verify-and-mint")).toHaveLength(0);
    // Done keeps the claim's id, never its hash: a reload asks the server again.
    expect(JSON.parse(sessionStorage.getItem(WIZARD_PROGRESS_STORAGE_KEY) ?? "null")).toEqual({
      step: 3,
      youtubeUsername: "viewer",
      claim: { claimId: CLAIM_ID, walletAddress: WALLET_ADDRESS },
    });
  });

  it("when the page reloads on Done, then it reads the claim from the server and shows Done again, without the dialog or another record", async () => {
    const api = defaultRoutes({ "GET /api/claims/:id": claimView("confirmed", TX_HASH) });
    sessionStorage.setItem(
      WIZARD_PROGRESS_STORAGE_KEY,
      JSON.stringify({
        step: 3,
        youtubeUsername: "viewer",
        claim: { claimId: CLAIM_ID, walletAddress: WALLET_ADDRESS },
      }),
    );
    renderWizard();

    expect(await stepHeading("Tokens Claimed Successfully!")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /View transaction on the block explorer/ })).toHaveAttribute(
      "href",
      `https://arbiscan.io/tx/${TX_HASH}`,
    );
    expect(screen.getByText(WALLET_ADDRESS)).toBeInTheDocument();
    expect(await screen.findByText(`The connected wallet holds ${REWARD_TOKENS} TuBE.`)).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Transaction Successful" })).not.toBeInTheDocument();
    expect(api.callsTo("GET", `/api/claims/${CLAIM_ID}`)).toHaveLength(1);
    expect(api.callsTo("POST", "/api/record-claim")).toHaveLength(0);
  });

  it("when the page reloads on Claim and the wallet claimed elsewhere meanwhile, then 'Tokens Already Claimed' leads to Done, which a reload keeps", async () => {
    defaultRoutes({
      "GET /api/check-claim/:wallet": {
        status: 200,
        body: { claimed: true, txHash: TX_HASH, status: "confirmed", claimId: CLAIM_ID },
      },
    });
    sessionStorage.setItem(
      WIZARD_PROGRESS_STORAGE_KEY,
      JSON.stringify({ step: 2, youtubeUsername: "viewer", claim: null }),
    );
    renderWizard();

    expect(await toast("Tokens Already Claimed")).toBeInTheDocument();
    expect(await screen.findByRole("dialog", { name: "Transaction Successful" })).toHaveTextContent(TX_HASH);
    expect(JSON.parse(sessionStorage.getItem(WIZARD_PROGRESS_STORAGE_KEY) ?? "null")).toMatchObject({
      step: 3,
      claim: { claimId: CLAIM_ID },
    });
  });

  it("when the wallet disconnects after the claim, then Done still shows the address that received the tokens", async () => {
    defaultRoutes();
    const { user, wallet } = renderWizard();
    await reachMintStep(user);
    await user.click(screen.getByRole("button", { name: `Claim ${REWARD_TOKENS} Tokens` }));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Close" }));
    wallet.update({ isConnected: false, isCorrectNetwork: false, address: undefined });

    expect(await stepHeading("Tokens Claimed Successfully!")).toBeInTheDocument();
    expect(screen.getByText(WALLET_ADDRESS)).toBeInTheDocument();
  });
});

describe("claim wizard: the Subscribe step's parts", () => {
  it("when the Subscribe step shows, then the subscription's Google button and the wallet's two ways in are in groups named for what they are for", () => {
    defaultRoutes();
    renderWizard({ wallet: { isConnected: false, isCorrectNetwork: false, address: undefined }, auth: null });

    const subscription = screen.getByRole("group", { name: "Verify your subscription" });
    const wallet = screen.getByRole("group", { name: "Your wallet for the tokens" });
    expect(within(subscription).getByRole("button", { name: "Connect with Google" })).toHaveAccessibleDescription(
      "To verify your YouTube subscription (read-only access).",
    );
    expect(within(subscription).queryByRole("button", { name: "Sign in with Google" })).not.toBeInTheDocument();
    expect(within(wallet).getByRole("button", { name: "Sign in with Google" })).toHaveAccessibleDescription(
      "To create a wallet with your Google account, if you have none.",
    );
    expect(within(wallet).getByRole("button", { name: "Connect Wallet to Claim Tokens" })).toHaveAccessibleDescription(
      "For a wallet you already have, such as MetaMask.",
    );
    expect(within(wallet).queryByRole("button", { name: "Connect with Google" })).not.toBeInTheDocument();
  });

  it("when a wallet and a Google account are connected on the Subscribe step, then each says how to change it and what stays, and disconnecting offers both ways in again", async () => {
    defaultRoutes();
    const { user, fns } = renderWizard();

    expect(screen.getByRole("button", { name: "Change Google Account" })).toHaveAccessibleDescription(
      "To verify with another Google account, press 'Change Google Account'. Your wallet and username stay as they are.",
    );
    const wallet = screen.getByRole("group", { name: "Your wallet for the tokens" });
    const disconnect = within(wallet).getByRole("button", { name: "Disconnect Wallet" });
    expect(disconnect).toHaveAccessibleDescription(
      "To claim with another wallet, press 'Disconnect Wallet' and connect the other one, or switch accounts in your wallet. Your Google account and username stay as they are.",
    );
    await user.click(disconnect);

    expect(fns.disconnect).toHaveBeenCalledTimes(1);
    expect(within(wallet).getByRole("button", { name: "Connect Wallet to Claim Tokens" })).toBeInTheDocument();
    expect(within(wallet).getByRole("button", { name: "Sign in with Google" })).toBeInTheDocument();
    expect(screen.getByText("Google Authorization Complete!")).toBeInTheDocument();
  });

  it("when the wizard shows, then Reset says before it is pressed what it clears and that the wallet stays", () => {
    defaultRoutes();
    renderWizard();
    expect(screen.getByRole("button", { name: "Reset" })).toHaveAccessibleDescription(
      "Reset signs out of Google and clears your progress. Your wallet stays connected.",
    );
  });
});

describe("claim wizard: reset", () => {
  it("when Reset is pressed, then it is busy at once, before the revoke answers", async () => {
    defaultRoutes({ "POST /api/auth/revoke": () => new Promise<FakeResponse>(() => undefined) });
    renderWizard();

    fireEvent.click(screen.getByRole("button", { name: "Reset" }));

    expect(await toast("Logged out from Google")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Reset/ })).toBeDisabled();
  });

  it("when Reset is pressed, then the token is revoked, storage cleared, the toast shown and the page reloads after 1.5 s", async () => {
    vi.useFakeTimers();
    const api = defaultRoutes();
    localStorage.setItem(FORCE_TEST_MODE_STORAGE_KEY, "true");
    const { reloadPage } = renderWizard();

    fireEvent.click(screen.getByRole("button", { name: "Reset" }));
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(screen.getByRole("status", { name: "Logged out from Google" })).toHaveTextContent(
      "You can now reconnect with your Google account",
    );
    expect(api.callsTo("POST", "/api/auth/revoke")[0]?.body).toEqual({ accessToken: AUTH.accessToken });
    for (const key of [GOOGLE_AUTH_STORAGE_KEY, USER_EMAIL_STORAGE_KEY, FORCE_TEST_MODE_STORAGE_KEY]) {
      expect([sessionStorage.getItem(key), localStorage.getItem(key)]).toEqual([null, null]);
    }
    await act(() => vi.advanceTimersByTimeAsync(1_499));
    expect(reloadPage).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("when the revoke call fails, then Reset still clears the session and reloads", async () => {
    vi.useFakeTimers();
    defaultRoutes({ "POST /api/auth/revoke": apiError(500, "INTERNAL", "An unexpected error occurred.") });
    const { reloadPage } = renderWizard();

    fireEvent.click(screen.getByRole("button", { name: "Reset" }));
    await act(() => vi.advanceTimersByTimeAsync(1_500));

    expect(screen.getByRole("status", { name: "Logged out from Google" })).toBeInTheDocument();
    expect(sessionStorage.getItem(GOOGLE_AUTH_STORAGE_KEY)).toBeNull();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("when storage cannot be cleared, then the toast is 'Error during logout' and nothing reloads", async () => {
    vi.useFakeTimers();
    defaultRoutes();
    const { reloadPage } = renderWizard();
    // Each storage, not Storage.prototype: happy-dom binds the methods to each instance.
    for (const storage of [sessionStorage, localStorage]) {
      vi.spyOn(storage, "removeItem").mockImplementation(() => {
        throw new Error("storage disabled");
      });
    }

    fireEvent.click(screen.getByRole("button", { name: "Reset" }));
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(screen.getByRole("status", { name: "Error during logout" })).toHaveTextContent(
      "Please try clearing your cookies manually",
    );
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

describe("ClaimRoute", () => {
  // thirdweb's own services are unreachable here, as in the closed test network.
  beforeEach(() => server.use(http.all("*", () => new HttpResponse(null, { status: 503 }))));

  it("when opened with no wallet to restore, then the wizard is ready to connect before any wallet code runs", async () => {
    renderWithProviders(<ClaimRoute />, { route: "/claim" });

    expect(await screen.findByRole("heading", { level: 1, name: `Claim ${REWARD_TOKENS} TuBE` })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Connect Wallet" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Connect Wallet to Claim Tokens" })).toBeEnabled();
    expect(screen.getByRole("heading", { level: 2, name: "Step 1: Subscribe & Verify" })).toBeInTheDocument();
  });

  it("when reloaded on the Connect step, then the real thirdweb wallet module loads at once and offers the wallet options", async () => {
    saveGoogleAuth(AUTH);
    sessionStorage.setItem(
      WIZARD_PROGRESS_STORAGE_KEY,
      JSON.stringify({ step: 1, youtubeUsername: "viewer", claim: null }),
    );
    renderWithProviders(<ClaimRoute />, { route: "/claim" });

    expect(await stepHeading("Step 2: Connect Your Wallet")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Sign in with Google" }, { timeout: 30_000 })).toBeEnabled();
    expect(screen.queryByText("Loading wallet options…")).not.toBeInTheDocument();
  });
});
