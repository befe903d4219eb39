/** Kept apart from thirdweb.ts so the page can tell whether 'Sign in with Google' exists before the SDK loads. */
export function isEcosystemId(id: string): id is `ecosystem.${string}` {
  return id.startsWith("ecosystem.") && id.length > "ecosystem.".length;
}
