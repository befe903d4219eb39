import { loadContractArtifact } from "../contract-artifacts.ts";

/** Vitest's global setup: on a fresh checkout the contracts compile here once, not in every worker at once. */
export default async function compileContracts(): Promise<void> {
  await loadContractArtifact("TuBE");
}
