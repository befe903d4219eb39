import type { GoogleAuthRequest, GoogleAuthResponse } from "@tube/common/api";
import { GOOGLE_CALLBACK_PATH } from "@tube/common/constants";
import { AppError } from "../errors.ts";
import type { GoogleGateway } from "../google/google-gateway.ts";

/** Finishes the browser's authorization-code flow on the server, where the client secret lives. */
export async function signInWithGoogle(
  deps: { google: GoogleGateway; publicUrl: string },
  request: GoogleAuthRequest,
): Promise<GoogleAuthResponse> {
  // Only our own callback page may receive codes, or a code minted elsewhere gets in.
  if (request.redirectUri !== `${deps.publicUrl}${GOOGLE_CALLBACK_PATH}`)
    throw new AppError("REDIRECT_URI_NOT_ALLOWED");
  const { identity, accessToken } = await deps.google.exchangeCode(request);
  return { email: identity.email, accessToken, expiresAt: identity.expiresAt };
}
