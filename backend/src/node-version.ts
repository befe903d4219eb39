/** As package.json's `engines` says (node:sqlite). */
export const REQUIRED_NODE_MAJOR = 24;

export function nodeVersionProblem(version: string) {
  const major = Number(version.split(".")[0]);
  if (major >= REQUIRED_NODE_MAJOR) return undefined;
  return `TuBE Rewards needs Node ${REQUIRED_NODE_MAJOR} or later; this is Node ${version}.`;
}

/** Exits with that line on an older Node: an entry calls it before it imports what an older Node would die on. */
export function exitOnOldNode() {
  const problem = nodeVersionProblem(process.versions.node);
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}
