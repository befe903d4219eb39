/** As package.json's `engines` says (node:sqlite). */
export const REQUIRED_NODE_MAJOR = 24;

export function nodeVersionProblem(version: string): string | undefined {
  const major = Number(version.split(".")[0]);
  if (major >= REQUIRED_NODE_MAJOR) return undefined;
  return `TuBE Rewards needs Node ${REQUIRED_NODE_MAJOR} or later; this is Node ${version}.`;
}
