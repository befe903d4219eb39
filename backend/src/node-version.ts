/** The Node major the server needs (node:sqlite, among others); package.json's `engines` says the same. */
export const REQUIRED_NODE_MAJOR = 24;

/** Why this Node cannot run the server, in one line, or undefined when it can. `version` as in process.versions.node. */
export function nodeVersionProblem(version: string): string | undefined {
  const major = Number(version.split(".")[0]);
  if (major >= REQUIRED_NODE_MAJOR) return undefined;
  return `TuBE Rewards needs Node ${REQUIRED_NODE_MAJOR} or later; this is Node ${version}.`;
}

/** Exits with that line on an older Node: an entry calls it before it imports what an older Node would die on. */
export function exitOnOldNode(): void {
  const problem = nodeVersionProblem(process.versions.node);
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}
