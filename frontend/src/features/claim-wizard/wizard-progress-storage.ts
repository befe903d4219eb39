/** The wizard's progress in sessionStorage: per tab, so nothing here outlives the visit. */
export const WIZARD_PROGRESS_STORAGE_KEY = "claimWizardProgress";

export interface SavedClaim {
  claimId: string;
  walletAddress: string;
  /** What record-claim needs; a claim Done shows has nothing left to record. */
  googleEmail?: string;
}

interface WizardProgress {
  step: 0 | 1 | 2 | 3;
  youtubeUsername: string;
  /** The claim being minted, or Done's (whose hash is read again). */
  claim: SavedClaim | null;
}

export function readWizardProgress() {
  try {
    const raw = sessionStorage.getItem(WIZARD_PROGRESS_STORAGE_KEY);
    return raw === null ? null : asProgress(JSON.parse(raw));
  } catch {
    return null;
  }
}

export const saveWizardProgress = (progress: WizardProgress) =>
  bestEffort(() => sessionStorage.setItem(WIZARD_PROGRESS_STORAGE_KEY, JSON.stringify(progress)));
export const clearWizardProgress = () => bestEffort(() => sessionStorage.removeItem(WIZARD_PROGRESS_STORAGE_KEY));

function bestEffort(write: () => void) {
  try {
    write();
  } catch {
    // Refused storage (a private mode) only loses the resume.
  }
}

/** Storage is the visitor's to edit: anything not exactly our shape is no progress. */
function asProgress(value: unknown): WizardProgress | null {
  if (typeof value !== "object" || value === null) return null;
  const { step, youtubeUsername, claim } = value as Record<string, unknown>;
  if ((step !== 0 && step !== 1 && step !== 2 && step !== 3) || typeof youtubeUsername !== "string") return null;
  if (claim === null) return step === 3 ? null : { step, youtubeUsername, claim };
  return isSavedClaim(claim) ? { step, youtubeUsername, claim } : null;
}

function isSavedClaim(value: unknown): value is SavedClaim {
  if (typeof value !== "object" || value === null) return false;
  const { claimId, walletAddress, googleEmail } = value as Record<string, unknown>;
  return typeof claimId === "string" && typeof walletAddress === "string" && typeof (googleEmail ?? "") === "string";
}
