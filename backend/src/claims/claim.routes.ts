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
import { toCheckClaimResponse, toClaimView, toVerifyAndMintResponse } from "./claim-view.ts";
import { checkClaim, getClaim, isOnHold, recordClaim, verifyAndMint, type ClaimUseCaseDeps } from "./claim.use-case.ts";
import { verifySubscriptionRequest } from "./subscription.use-case.ts";

/** The claim API of docs/product.md#api-calls: routes only parse, call a use case and answer. */
export function claimRoutes(
  deps: ClaimUseCaseDeps & { publicUrl: string; explorerUrl: string; channelId: string },
): Router {
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
    const outcome = await verifyAndMint(deps, parseInput(verifyAndMintRequestSchema, req.body));
    // A claim held elsewhere is an answer, not an error.
    res.status(outcome.kind === "accepted" ? 202 : 200).json(toVerifyAndMintResponse(outcome));
  });

  router.get("/check-claim/:walletAddress", async (req, res) => {
    const { walletAddress } = parseInput(walletParamSchema, req.params);
    const claim = await checkClaim(deps, walletAddress);
    res.json(toCheckClaimResponse(claim, claim !== null && isOnHold(deps, claim)));
  });

  router.get("/claims/:claimId", async (req, res) => {
    const { claimId } = parseInput(claimIdParamSchema, req.params);
    const claim = await getClaim(deps, claimId);
    res.json(toClaimView(claim, deps.explorerUrl, isOnHold(deps, claim)));
  });

  router.post("/record-claim", async (req, res) => {
    const { walletAddress, txHash } = parseInput(recordClaimRequestSchema, req.body);
    res.json(await recordClaim(deps, walletAddress, txHash));
  });

  return router;
}
