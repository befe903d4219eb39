import { Router, type Request, type Response } from "express";
import {
  claimIdParamSchema,
  claimWaitQuerySchema,
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
import { getClaim, isOnHold, recordClaim, verifyAndMint, type ClaimUseCaseDeps } from "./claim.use-case.ts";
import type { ClaimRecord } from "../store/claim-repository.ts";
import { MINT_FOLLOW_INTERVAL_MS } from "./mint-driver.ts";
import { verifySubscriptionRequest } from "./subscription.use-case.ts";

/** Past them a client's reads answer at once: many times what one address (a campus, a NAT) claims. */
export const HELD_READS_PER_CLIENT = 16;

/** docs/product.md#api-calls: routes only parse, call a use case and answer. */
export function claimRoutes(deps: ClaimUseCaseDeps & { publicUrl: string; explorerUrl: string; channelId: string }) {
  const router = Router();
  const heldReads = new Map<string, number>();

  /** The claim once no longer `status`, or after `wait` seconds: a listener and a timer, no store connection. */
  async function heldClaim(req: Request, res: Response, claimId: string): Promise<ClaimRecord> {
    const { wait, status } = parseInput(claimWaitQuerySchema, req.query);
    const hold = new AbortController();
    const moved = wait ? deps.mintDriver.watch(claimId, hold.signal) : undefined;
    try {
      const claim = await getClaim(deps, claimId);
      const client = req.ip ?? "";
      const held = heldReads.get(client) ?? 0;
      if (!moved || !wait || claim.status !== status || held >= HELD_READS_PER_CLIENT || res.closed) return claim;
      heldReads.set(client, held + 1);
      res.once("close", () => hold.abort());
      // Another process's moves are not heard here: its claim is read again after one of its passes.
      const holdMs = deps.mintDriver.leads(claim) ? wait * 1000 : MINT_FOLLOW_INTERVAL_MS;
      AbortSignal.timeout(holdMs).addEventListener("abort", () => hold.abort());
      try {
        await moved;
      } finally {
        const left = (heldReads.get(client) ?? 1) - 1;
        if (left > 0) heldReads.set(client, left);
        else heldReads.delete(client);
      }
      return await getClaim(deps, claimId);
    } finally {
      hold.abort();
    }
  }

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
    const claim = await deps.store.claims.findByWallet(walletAddress.toLowerCase());
    res.json(toCheckClaimResponse(claim, claim !== null && isOnHold(deps, claim)));
  });

  router.get("/claims/:claimId", async (req, res) => {
    const { claimId } = parseInput(claimIdParamSchema, req.params);
    const claim = await heldClaim(req, res, claimId);
    if (!res.closed) res.json(toClaimView(claim, deps.explorerUrl, isOnHold(deps, claim)));
  });

  router.post("/record-claim", async (req, res) => {
    const { walletAddress, txHash } = parseInput(recordClaimRequestSchema, req.body);
    res.json(await recordClaim(deps, walletAddress, txHash));
  });

  return router;
}
