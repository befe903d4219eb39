import type { GoogleAuthRequest, GoogleAuthResponse } from "@tube/common/api";
import { apiPost, type RequestOptions } from "../../lib/api-client.ts";

/** The server swaps the code (with our PKCE verifier) for a token; the client secret never reaches the browser. */
export function exchangeGoogleCode(request: GoogleAuthRequest): Promise<GoogleAuthResponse> {
  return apiPost<GoogleAuthResponse>("/api/auth/google", request);
}

export function revokeGoogleToken(accessToken: string, init?: RequestOptions): Promise<void> {
  return apiPost<void>("/api/auth/revoke", { accessToken }, init);
}
