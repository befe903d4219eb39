/** Keeps the wizard's progress in sessionStorage, so a reload or the embedded wallet's redirect resumes it. */
import { useEffect, useState } from "react";
import {
  clearWizardProgress,
  readWizardProgress,
  saveWizardProgress,
  type SavedClaim,
} from "./wizard-progress-storage.ts";
import type { WizardState } from "./wizard-state.ts";

/** The progress saved before this page load, read once. */
export function useSavedWizardProgress() {
  const [saved] = useState(readWizardProgress);
  return saved;
}

/** Saves the step, the username and the claim being followed; a finished claim, or a reset, starts afresh. */
export function useWizardPersistence(
  { step, youtubeUsername, resetting }: Pick<WizardState, "step" | "youtubeUsername" | "resetting">,
  followed: SavedClaim | null,
): void {
  useEffect(() => {
    if (resetting) return;
    if (step === 3) clearWizardProgress();
    else saveWizardProgress({ step, youtubeUsername, claim: followed });
  }, [step, youtubeUsername, followed, resetting]);
}
