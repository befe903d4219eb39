/** The wizard's pure state machine. */
import type { ClaimStatus } from "@tube/common/constants";
import type { FailedClaim } from "./api/claim-api.ts";

export type WizardStep = 0 | 1 | 2 | 3;
export const STEP_LABELS = ["Subscribe", "Connect", "Mint", "Done"] as const;

const nothing = null as string | null;

export const initialWizardState = {
  step: 0 as WizardStep,
  youtubeUsername: "",
  /** On our chain: Verify goes straight on to the Claim step. */
  walletReady: false,
  /** 0–100: verification's on step 0, the mint's on step 2. */
  progress: 0,
  activity: "idle" as "idle" | "verifying" | "minting",
  claimStatus: null as ClaimStatus | null,
  txHash: nothing,
  /** Done's claim: a reload reads its hash again from the server. */
  claimId: nothing,
  /** The claim's own recipient, not whichever wallet is connected now. */
  recipient: nothing,
  /** ISO date of a claim made before this visit: Done says when. */
  claimedEarlierAt: nothing,
  failedClaim: "none" as FailedClaim,
  /** A code of `MINT_FAILURE_REASONS`, when the server knows why. */
  failureReason: nothing,
  resetting: false,
  successDialogOpen: false,
};
export type WizardState = typeof initialWizardState;

/** Where a reload resumes; a saved claim (still minting, or Done's) is read again. */
export function resumedWizardState(
  saved: { step: WizardStep; youtubeUsername: string; minting: boolean } | null,
  walletReady: boolean,
): WizardState {
  const initial = { ...initialWizardState, walletReady };
  if (!saved) return initial;
  const { step, youtubeUsername, minting } = saved;
  return minting
    ? { ...initial, step: step === 3 ? 3 : 2, youtubeUsername, activity: "minting", progress: MINT_STAGES.checking[0] }
    : { ...initial, step, youtubeUsername };
}

export type WizardEvent =
  | { type: "usernameChanged"; value: string }
  /** `restored`: the remembered wallet came back after a reload; no connect on this page. */
  | { type: "walletReadinessChanged"; ready: boolean; restored?: boolean }
  | { type: "verifyStarted" }
  | { type: "progressTicked" }
  | { type: "subscriptionConfirmed" }
  | { type: "verifyStopped"; progress: number }
  | { type: "verifySucceeded" }
  | { type: "mintStarted" }
  | { type: "claimStatusChanged"; status: ClaimStatus }
  /** `claimedAt`: the claim was found, made earlier on that date. */
  | { type: "mintSucceeded"; txHash: string; recipient: string; claimId: string | null; claimedAt?: string | null }
  | { type: "mintStopped"; failedClaim: FailedClaim; failureReason?: string | null }
  | { type: "failedClaimFound"; failedClaim: FailedClaim; failureReason?: string | null }
  | { type: "resetStarted" }
  | { type: "resetFailed" }
  | { type: "stepChanged"; step: WizardStep }
  | { type: "back" }
  | { type: "dialogClosed" };

/** The mint's progress and label, by the claim's server-side status. */
const MINT_STAGES: Record<ClaimStatus | "checking", [progress: number, label: string]> = {
  checking: [10, "Checking claim status..."],
  reserved: [25, "Your mint is queued..."],
  queued: [40, "Your mint is queued..."],
  submitted: [70, "Transaction submitted, waiting for confirmation..."],
  confirmed: [100, "Tokens minted."],
  failed: [0, "Minting failed."],
};

export function wizardReducer(state: WizardState, event: WizardEvent): WizardState {
  switch (event.type) {
    case "usernameChanged":
      return { ...state, youtubeUsername: event.value };
    case "walletReadinessChanged":
      // Only a connect on the right network, on the Connect step, moves on to Claim.
      return event.ready && !state.walletReady && state.step === 1 && !event.restored
        ? { ...state, walletReady: true, step: 2, progress: 0 }
        : { ...state, walletReady: event.ready };
    case "verifyStarted":
      return { ...state, activity: "verifying", progress: VERIFY_CHECKPOINTS.start };
    case "progressTicked":
      return isTicking(state) ? { ...state, progress: nextProgress(state.progress) } : state;
    case "subscriptionConfirmed":
      return { ...state, progress: VERIFY_CHECKPOINTS.subscribed };
    case "verifyStopped":
      return { ...state, activity: "idle", progress: event.progress };
    case "verifySucceeded":
      return { ...state, activity: "idle", progress: VERIFY_CHECKPOINTS.done, step: state.walletReady ? 2 : 1 };
    case "mintStarted":
      return { ...state, activity: "minting", progress: MINT_STAGES.checking[0], claimStatus: null };
    case "claimStatusChanged":
      return { ...state, step: offDone(state), claimStatus: event.status, progress: MINT_STAGES[event.status][0] };
    case "mintSucceeded":
      return {
        ...state,
        activity: "idle",
        progress: 100,
        claimStatus: "confirmed",
        txHash: event.txHash,
        claimId: event.claimId,
        recipient: event.recipient,
        claimedEarlierAt: event.claimedAt ?? null,
        failedClaim: "none",
        failureReason: null,
        step: 3,
        // Not on Done after a reload: the dialog came with the claim.
        successDialogOpen: state.step !== 3,
      };
    case "mintStopped":
      return {
        ...state,
        step: offDone(state),
        activity: "idle",
        progress: 0,
        claimStatus: null,
        failedClaim: event.failedClaim,
        failureReason: event.failureReason ?? null,
      };
    case "failedClaimFound":
      return { ...state, failedClaim: event.failedClaim, failureReason: event.failureReason ?? null };
    case "resetStarted":
      return { ...state, resetting: true };
    case "resetFailed":
      return { ...state, resetting: false };
    case "stepChanged":
      return { ...state, step: event.step, progress: 0 };
    case "back":
      return state.step === 1 || state.step === 2
        ? { ...state, step: (state.step - 1) as WizardStep, progress: 0 }
        : state;
    case "dialogClosed":
      return { ...state, successDialogOpen: false };
  }
}

/** Done after a reload whose claim is not confirmed after all: the Claim step says what it is. */
const offDone = ({ step, txHash }: WizardState): WizardStep => (step === 3 && !txHash ? 2 : step);

/** Progress climbs while the subscription check runs; its result sets a checkpoint. */
const PROGRESS_STEP = 10;
export const PROGRESS_INTERVAL_MS = 200;
export const PROGRESS_CAP = 90;

export const VERIFY_CHECKPOINTS = { start: 0, notSubscribed: 50, subscribed: 95, done: 100 } as const;

export function isTicking({ activity, progress }: Pick<WizardState, "activity" | "progress">) {
  return activity === "verifying" && progress < VERIFY_CHECKPOINTS.subscribed;
}

export function nextProgress(current: number) {
  return Math.max(current, Math.min(current + PROGRESS_STEP, PROGRESS_CAP));
}

/** What the wizard is doing, in words: beside the progress bar and for screen readers. */
export function activityLabel({ activity, claimStatus }: Pick<WizardState, "activity" | "claimStatus">) {
  if (activity === "verifying") return "Verifying subscription...";
  return activity === "minting" ? MINT_STAGES[claimStatus ?? "checking"][1] : "";
}
