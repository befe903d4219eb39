/**
 * The wizard's state machine (spec §3 "Wizard state", §4). Pure: the hook
 * feeds it events from the server, the wallet and the visitor.
 */
import type { ClaimStatus } from "@tube/common/constants";
import { nextProgress, VERIFY_CHECKPOINTS } from "./progress-ticker.ts";

export type WizardStep = 0 | 1 | 2 | 3;
export const STEP_LABELS = ["Subscribe", "Connect", "Mint", "Done"] as const;

export type WizardActivity = "idle" | "verifying" | "minting";

export interface WizardState {
  step: WizardStep;
  youtubeUsername: string;
  /** 0–100: the verification progress on step 0, the mint's progress on step 2. */
  progress: number;
  activity: WizardActivity;
  /** The progress ticker runs only while the subscription check is in flight. */
  ticking: boolean;
  /** The mint's server-side status while minting. */
  claimStatus: ClaimStatus | null;
  txHash: string | null;
  successDialogOpen: boolean;
}

export const initialWizardState: WizardState = {
  step: 0,
  youtubeUsername: "",
  progress: 0,
  activity: "idle",
  ticking: false,
  claimStatus: null,
  txHash: null,
  successDialogOpen: false,
};

export type WizardEvent =
  | { type: "usernameChanged"; value: string }
  | { type: "verifyStarted" }
  | { type: "progressTicked" }
  | { type: "subscriptionConfirmed" }
  /** The flow stopped: not subscribed (progress 50), or a failure / already claimed (progress 0). */
  | { type: "verifyStopped"; progress: number }
  | { type: "verifySucceeded"; nextStep: 1 | 2 }
  | { type: "mintStarted" }
  | { type: "claimStatusChanged"; status: ClaimStatus }
  | { type: "mintSucceeded"; txHash: string }
  | { type: "mintStopped" }
  | { type: "stepChanged"; step: WizardStep }
  | { type: "back" }
  | { type: "dialogClosed" };

/** How far along a mint is, by the claim's server-side status. */
export const MINT_PROGRESS: Record<ClaimStatus | "checking", number> = {
  checking: 10,
  reserved: 25,
  queued: 40,
  submitted: 70,
  confirmed: 100,
  failed: 0,
};

export function wizardReducer(state: WizardState, event: WizardEvent): WizardState {
  switch (event.type) {
    case "usernameChanged":
      return { ...state, youtubeUsername: event.value };
    case "verifyStarted":
      return { ...state, activity: "verifying", ticking: true, progress: VERIFY_CHECKPOINTS.start };
    case "progressTicked":
      return state.ticking ? { ...state, progress: nextProgress(state.progress) } : state;
    case "subscriptionConfirmed":
      return { ...state, ticking: false, progress: VERIFY_CHECKPOINTS.subscribed };
    case "verifyStopped":
      return { ...state, activity: "idle", ticking: false, progress: event.progress };
    case "verifySucceeded":
      return { ...state, activity: "idle", ticking: false, progress: VERIFY_CHECKPOINTS.done, step: event.nextStep };
    case "mintStarted":
      return { ...state, activity: "minting", progress: MINT_PROGRESS.checking, claimStatus: null };
    case "claimStatusChanged":
      return { ...state, claimStatus: event.status, progress: MINT_PROGRESS[event.status] };
    case "mintSucceeded":
      return {
        ...state,
        activity: "idle",
        progress: 100,
        claimStatus: "confirmed",
        txHash: event.txHash,
        step: 3,
        successDialogOpen: true,
      };
    case "mintStopped":
      return { ...state, activity: "idle", progress: 0, claimStatus: null };
    case "stepChanged":
      return { ...state, step: event.step, progress: 0 };
    case "back":
      return state.step === 1 || state.step === 2 ? { ...state, step: (state.step - 1) as WizardStep, progress: 0 } : state;
    case "dialogClosed":
      return { ...state, successDialogOpen: false };
  }
}
