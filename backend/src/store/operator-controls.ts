/** What the operator's deny list holds: a canonical (lower-case) wallet, or a Google account's `sub`. */
export type DenyKind = "wallet" | "googleAccount";

/** Wallets are kept lower-case, like the claims' own; a Google `sub` is taken as given. */
export function canonicalDenyValue(kind: DenyKind, value: string): string {
  return kind === "wallet" ? value.toLowerCase() : value;
}

/** The operator's switch for new claims; `pausedBy` and `pausedAt` say who paused them and when (null while open). */
export interface OperatorControls {
  paused: boolean;
  pausedBy: string | null;
  pausedAt: Date | null;
}

/** What `npm run claims` counts in the store, so every server's /metrics shows it. */
export type OperatorAction = "pause" | "resume" | "deny" | "allow" | "resolve" | "erase-expired" | "erase";

/** The operator's pause switch, deny list and action counts, shared by every process on the store. */
export interface OperatorControlsStore {
  /** Opens or closes new claims for every process on this store; returns the controls as stored. */
  setPaused(paused: boolean, by: string): Promise<OperatorControls>;
  controls(): Promise<OperatorControls>;
  /** Adds a wallet (stored lower-case) or a Google account to the deny list; denying twice changes nothing. */
  deny(kind: DenyKind, value: string, by: string): Promise<void>;
  /** Takes an entry off the deny list; false when it was not on it. */
  allow(kind: DenyKind, value: string): Promise<boolean>;
  /** Which of the two is denied, the wallet first; null when neither is (or none is given). */
  isDenied(walletAddress: string | null, googleSub: string | null): Promise<DenyKind | null>;
  /** Adds one to the count of an operator action, in one atomic step. */
  countAction(action: OperatorAction): Promise<void>;
  /** Every operator action taken on this store, with how many times. */
  actionCounts(): Promise<Partial<Record<OperatorAction, number>>>;
}
