/** PKCE (S256) and the OAuth `state`: the verifier stays in this tab, so an intercepted code is useless alone. */

/** 48 random bytes encode to exactly 64 base64url characters, all allowed in a verifier. */
const VERIFIER_BYTES = 48;
const STATE_BYTES = 32;

export function createCodeVerifier(): string {
  return base64UrlEncode(randomBytes(VERIFIER_BYTES));
}

export async function createCodeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}

export function createOAuthState(): string {
  return base64UrlEncode(randomBytes(STATE_BYTES));
}

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
}
