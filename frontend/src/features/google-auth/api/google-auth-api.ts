import type { GoogleAuthRequest } from "@tube/common/api";
import { googleAuthResponseSchema, type GoogleAuthResponse } from "@tube/common/api-responses";
import { apiPost, apiSend, type RequestOptions } from "../../../lib/api-client.ts";

/** The server swaps the code (with our PKCE verifier) for a token; the client secret never reaches the browser. */
export function exchangeGoogleCode(request: GoogleAuthRequest): Promise<GoogleAuthResponse> {
  return apiPost("/api/auth/google", request, googleAuthResponseSchema);
}

export function revokeGoogleToken(accessToken: string, init?: RequestOptions): Promise<void> {
  return apiSend("/api/auth/revoke", { accessToken }, init);
}
