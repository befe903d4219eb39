import { Router } from "express";
import {
  claimIdParamSchema,
  googleAuthRequestSchema,
  recordClaimRequestSchema,
  revokeRequestSchema,
  verifyAndMintRequestSchema,
  verifySubscriptionRequestSchema,
  walletParamSchema,
} from "@tube/common/api";
import { parseInput } from "../http/validate.ts";
import { signInWithGoogle } from "./auth.use-case.ts";
import { checkClaim, getClaim, recordClaim, verifyAndMint, type ClaimUseCaseDeps } from "./claim.use-case.ts";
import { verifySubscriptionRequest } from "./subscription.use-case.ts";

/** The claim API of spec §7 (plus the server-side Google sign-in). Routes only parse, call a use case and answer. */
export function claimRoutes(deps: ClaimUseCaseDeps & { publicUrl: string }): Router {
  const router = Router();

  router.post("/auth/google", async (req, res) => {
    res.json(await signInWithGoogle(deps, parseInput(googleAuthRequestSchema, req.body)));
  });

  router.post("/auth/revoke", async (req, res) => {
    const { accessToken } = parseInput(revokeRequestSchema, req.body);
    await deps.google.revokeToken(accessToken);
    res.status(204).end();
  });

  router.post("/verify-subscription", async (req, res) => {
    res.json(await verifySubscriptionRequest(deps, parseInput(verifySubscriptionRequestSchema, req.body)));
  });

  router.post("/verify-and-mint", async (req, res) => {
    const { status, body } = await verifyAndMint(deps, parseInput(verifyAndMintRequestSchema, req.body));
    res.status(status).json(body);
  });

  router.get("/check-claim/:walletAddress", async (req, res) => {
    const { walletAddress } = parseInput(walletParamSchema, req.params);
    res.json(await checkClaim(deps, walletAddress));
  });

  router.get("/claims/:claimId", async (req, res) => {
    const { claimId } = parseInput(claimIdParamSchema, req.params);
    res.json(await getClaim(deps, claimId));
  });

  router.post("/record-claim", async (req, res) => {
    const { walletAddress, txHash } = parseInput(recordClaimRequestSchema, req.body);
    res.json(await recordClaim(deps, walletAddress, txHash));
  });

  return router;
}
