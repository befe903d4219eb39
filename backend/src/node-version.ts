/** The Node major the server needs (node:sqlite, among others); package.json's `engines` says the same. */
export const REQUIRED_NODE_MAJOR = 24;

/** Why this Node cannot run the server, in one line, or undefined when it can. `version` as in process.versions.node. */
export function nodeVersionProblem(version: string): string | undefined {
  const major = Number(version.split(".")[0]);
  if (major >= REQUIRED_NODE_MAJOR) return undefined;
  return `TuBE Rewards needs Node ${REQUIRED_NODE_MAJOR} or later; this is Node ${version}.`;
}
