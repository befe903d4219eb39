import { Router } from "express";
import { anyJson } from "../stand-in.ts";
import { HEX_ADDRESS, sendEngineError } from "./engine-http.ts";
import { requireSigningCredential, type Vault } from "./vault.ts";

const HEX_DATA = /^0x[0-9a-fA-F]*$/;

/** `POST /v1/sign/message`: always 200, each message with its signature or its error; EOA only. */
export function signMessageRoute(deps: { vault: Vault }) {
  const router = Router();
  router.post("/v1/sign/message", anyJson, requireSigningCredential, async (request, response) => {
    const accessToken = request.get("x-vault-access-token")!;
    const body = (request.body ?? {}) as { signingOptions?: { type?: unknown; from?: unknown }; params?: unknown };
    const { type, from } = body.signingOptions ?? {};
    if ((type !== "EOA" && type !== "auto") || typeof from !== "string" || !HEX_ADDRESS.test(from))
      return sendEngineError(
        response,
        400,
        "VALIDATION_ERROR",
        "signingOptions must be EOA (or auto) with a `from` address",
      );
    const params = Array.isArray(body.params) ? (body.params as Array<{ message?: unknown; format?: unknown }>) : null;
    if (!params?.every((param) => typeof param.message === "string"))
      return sendEngineError(response, 400, "VALIDATION_ERROR", "params must be a list of { message, format? }");

    const result = await Promise.all(
      params.map(async ({ message, format }) => {
        const signedData = message as string;
        const signing = deps.vault.sign(accessToken, from);
        if ("refusal" in signing) return { error: { type: "VAULT_ERROR", message: signing.refusal } };
        if (format === "hex" && !HEX_DATA.test(signedData))
          return { error: { type: "VALIDATION_ERROR", message: "Invalid hex message" } };
        const signature = await signing.account.signMessage({
          message: format === "hex" ? { raw: signedData as `0x${string}` } : signedData,
        });
        return { result: { signature, signedData } };
      }),
    );
    response.status(200).json({ result });
  });
  return router;
}
