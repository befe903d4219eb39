import { randomBytes, randomInt } from "node:crypto";
import express, { Router } from "express";
import type { SeedAccount } from "./seed-accounts.ts";

/** What a test may choose about the account it creates; everything else is made up fresh. */
interface NewAccountRequest {
  /** Whether the account follows the channel the claim checks (default true). */
  subscribed?: boolean;
}

/**
 * A Google account nobody has used yet, so a test owns its data instead of sharing a seeded account whose claim
 * another test may already have made. The id is random: a kept claim store never met it either.
 */
function freshAccount(channelId: string, request: NewAccountRequest = {}): SeedAccount {
  const tag = randomBytes(5).toString("hex");
  const name = `Viewer ${tag}`;
  return {
    sub: `2${Array.from({ length: 20 }, () => randomInt(10)).join("")}`,
    email: `viewer-${tag}@example.com`,
    name,
    channel: { id: `UCviewer-${tag}`, title: name, handle: `@viewer${tag}` },
    subscribedTo: request.subscribed === false ? [] : [channelId],
    youtube: "normal",
    grantsYoutube: true,
  };
}

/**
 * POST /__emulator/accounts {subscribed=true} → 201 with the new account, offered on the chooser from then on.
 * Test-only, like every /__emulator route: the stand-in itself never runs in production (scripts/src/start.ts starts
 * no stand-in there).
 */
export function accountRoutes(accounts: SeedAccount[], channelId: string): Router {
  const router = Router();
  router.post("/__emulator/accounts", express.json(), (req, res) => {
    const subscribed = (req.body as { subscribed?: unknown } | undefined)?.subscribed;
    if (subscribed !== undefined && typeof subscribed !== "boolean")
      return res.status(400).json({ error: "subscribed must be a boolean" });
    const account = freshAccount(channelId, { subscribed });
    accounts.push(account);
    res.status(201).json(account);
  });
  return router;
}
