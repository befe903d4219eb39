/**
 * The `MAX_TOTAL_CLAIMS` gate: a counter that starts at the number of claims ever reserved, shared by every process
 * on the store.
 */
export interface BudgetCounter {
  /** One atomic conditional increment; false, changing nothing, when `limit` slots are taken. */
  takeSlot(limit: number): Promise<boolean>;
  /** Gives back a slot taken for a reservation that did not happen. */
  releaseSlot(): Promise<void>;
  /** The slots the gate has handed out: the counter itself, failed claims included. */
  slotsUsed(): Promise<number>;
}
