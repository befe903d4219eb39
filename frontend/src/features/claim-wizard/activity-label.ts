import type { WizardState } from "./wizard-state.ts";

/** What the wizard is doing, in words: shown beside the progress bar and announced to screen readers. */
export function activityLabel({ activity, claimStatus }: Pick<WizardState, "activity" | "claimStatus">): string {
  if (activity === "verifying") return "Verifying subscription...";
  if (activity !== "minting") return "";
  switch (claimStatus) {
    case null:
      return "Checking claim status...";
    case "reserved":
    case "queued":
      return "Your mint is queued...";
    case "submitted":
      return "Transaction submitted, waiting for confirmation...";
    case "confirmed":
      return "Tokens minted.";
    case "failed":
      return "Minting failed.";
  }
}
