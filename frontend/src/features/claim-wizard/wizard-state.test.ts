import { describe, expect, it } from "vitest";
import {
  initialWizardState,
  nextProgress,
  PROGRESS_CAP,
  resumedWizardState,
  wizardReducer,
  type WizardEvent,
  type WizardState,
} from "./wizard-state.ts";

const run = (events: WizardEvent[], from: WizardState = initialWizardState) => events.reduce(wizardReducer, from);

describe("wizardReducer", () => {
  it("when verification runs, then progress ticks to the 90 cap, jumps to 95, then 100 on success", () => {
    const ticking = run([
      { type: "verifyStarted" },
      ...Array.from({ length: 12 }, () => ({ type: "progressTicked" }) as const),
    ]);
    expect(ticking).toMatchObject({ activity: "verifying", progress: 90 });
    const confirmed = run([{ type: "subscriptionConfirmed" }, { type: "progressTicked" }], ticking);
    expect(confirmed.progress).toBe(95);
    expect(run([{ type: "verifySucceeded" }], { ...confirmed, walletReady: true })).toMatchObject({
      activity: "idle",
      progress: 100,
      step: 2,
    });
  });

  it("when verification succeeds without a wallet on the right network, then the wizard goes to Connect", () => {
    expect(run([{ type: "verifyStarted" }, { type: "subscriptionConfirmed" }, { type: "verifySucceeded" }]).step).toBe(
      1,
    );
  });

  it("when the wallet becomes ready on Connect, then the wizard moves on to Claim, and from no other step", () => {
    const ready = { type: "walletReadinessChanged", ready: true } as const;
    expect(run([ready], { ...initialWizardState, step: 1, progress: 100 })).toMatchObject({ step: 2, progress: 0 });
    expect(run([ready]).step).toBe(0);
    expect(run([ready], { ...initialWizardState, step: 3 }).step).toBe(3);
  });

  it("when the remembered wallet comes back ready after a reload on Connect, then the wizard stays on Connect", () => {
    const atConnect = resumedWizardState({ step: 1, youtubeUsername: "viewer", minting: false }, false);
    expect(run([{ type: "walletReadinessChanged", ready: true, restored: true }], atConnect)).toMatchObject({
      step: 1,
      walletReady: true,
    });
  });

  it("when the wallet was ready already, then a repeated readiness moves nothing", () => {
    const atConnect = { ...initialWizardState, step: 1 as const, walletReady: true };
    expect(run([{ type: "walletReadinessChanged", ready: true }], atConnect).step).toBe(1);
  });

  it("when verification stops, then progress is set to the given checkpoint and ticks no longer move it", () => {
    const stopped = run([
      { type: "verifyStarted" },
      { type: "progressTicked" },
      { type: "verifyStopped", progress: 0 },
      { type: "progressTicked" },
    ]);
    expect(stopped).toMatchObject({ activity: "idle", progress: 0 });
  });

  it("when going back, then 2 goes to 1 and 1 to 0, and 0 and 3 stay", () => {
    const atTwo = { ...initialWizardState, step: 2 as const };
    expect(run([{ type: "back" }], atTwo).step).toBe(1);
    expect(run([{ type: "back" }, { type: "back" }], atTwo).step).toBe(0);
    expect(run([{ type: "back" }]).step).toBe(0);
    expect(run([{ type: "back" }], { ...initialWizardState, step: 3 }).step).toBe(3);
  });

  it("when a mint follows the claim's status, then progress follows it and success opens the dialog on step 3", () => {
    const queued = run([{ type: "mintStarted" }, { type: "claimStatusChanged", status: "queued" }], {
      ...initialWizardState,
      step: 2,
    });
    expect(queued).toMatchObject({ activity: "minting", claimStatus: "queued", progress: 40 });
    const submitted = run([{ type: "claimStatusChanged", status: "submitted" }], queued);
    expect(submitted.progress).toBe(70);
    expect(
      run([{ type: "mintSucceeded", txHash: "0xabc", recipient: "0xrecipient", claimId: "c1" }], submitted),
    ).toMatchObject({
      step: 3,
      txHash: "0xabc",
      successDialogOpen: true,
      activity: "idle",
      progress: 100,
      claimId: "c1",
    });
  });

  it("when a reload on Done reads its claim confirmed, then Done shows it without opening the dialog again", () => {
    const resumed = resumedWizardState({ step: 3, youtubeUsername: "viewer", minting: true }, true);
    expect(resumed).toMatchObject({ step: 3, activity: "minting", txHash: null });
    const succeeded = { type: "mintSucceeded", txHash: "0xabc", recipient: "0xr", claimId: "c1" } as const;
    expect(run([succeeded], resumed)).toMatchObject({ step: 3, txHash: "0xabc", successDialogOpen: false });
  });

  it("when a reload on Done reads its claim under way or cannot read it, then the wizard goes to Claim", () => {
    const resumed = resumedWizardState({ step: 3, youtubeUsername: "viewer", minting: true }, true);
    expect(run([{ type: "claimStatusChanged", status: "submitted" }], resumed)).toMatchObject({
      step: 2,
      activity: "minting",
    });
    expect(run([{ type: "mintStopped", failedClaim: "none" }], resumed)).toMatchObject({ step: 2, activity: "idle" });
  });
});

describe("nextProgress", () => {
  it("when ticking from 0, then progress climbs by 10 up to 90 and stays there", () => {
    const seen: number[] = [];
    let progress = 0;
    for (let tick = 0; tick < 12; tick += 1) {
      progress = nextProgress(progress);
      seen.push(progress);
    }
    expect(seen).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 90, 90, 90]);
  });

  it("when progress is already past the cap (a checkpoint), then a tick never lowers it", () => {
    expect(nextProgress(95)).toBe(95);
    expect(nextProgress(85)).toBe(PROGRESS_CAP);
  });
});
