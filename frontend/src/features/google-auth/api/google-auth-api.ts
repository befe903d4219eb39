import type { GoogleAuthRequest } from "@tube/common/api";
import { googleAuthAnswerSchema } from "@tube/common/api-responses";
import { apiPost, apiSend, type RequestOptions } from "../../../lib/api-client.ts";

/** The server swaps the code for a token: the client secret never reaches the browser. */
export async function exchangeGoogleCode(request: GoogleAuthRequest) {
  const { accessToken, ...session } = await apiPost("/api/auth/google", request, googleAuthAnswerSchema);
  if (!accessToken) throw new Error("No access token returned from Google");
  return { ...session, accessToken };
}

export function revokeGoogleToken(accessToken: string, init?: RequestOptions) {
  return apiSend("/api/auth/revoke", { accessToken }, init);
}
