import { randomBytes, randomInt } from "node:crypto";
import express, { Router } from "express";
import { BRAND_ACCOUNT_EMAIL_DOMAIN, type SeedAccount } from "./seed-accounts.ts";

/** What a test may choose about the account it creates; everything else is made up fresh. */
interface NewAccountRequest {
  /** Whether the account (and each of its Brand Accounts) follows the channel the claim checks (default true). */
  subscribed?: boolean;
  /** How many Brand Accounts the person manages (default 0: no channel picker). */
  brandChannels?: number;
}

/** At Google one person may manage up to 100 Brand Accounts. */
const MAX_BRAND_ACCOUNTS = 100;

/**
 * A Google account nobody has used yet, so a test owns its data instead of sharing a seeded account whose claim
 * another test may already have made. The ids are random: a kept claim store never met them either.
 */
function freshAccount(channelId: string, request: NewAccountRequest): SeedAccount {
  const tag = randomBytes(5).toString("hex");
  const name = `Viewer ${tag}`;
  const subscribedTo = request.subscribed === false ? [] : [channelId];
  const brandAccounts = Array.from({ length: request.brandChannels ?? 0 }, (_, n): SeedAccount => {
    const brandName = `Brand ${n + 1} of ${tag}`;
    return {
      sub: randomSub(),
      email: `brand-${tag}-${n + 1}@${BRAND_ACCOUNT_EMAIL_DOMAIN}`,
      name: brandName,
      channel: { id: `UCbrand-${tag}-${n + 1}`, title: brandName, handle: `@brand${n + 1}${tag}` },
      subscribedTo,
      youtube: "normal",
      grantsYoutube: true,
    };
  });
  return {
    sub: randomSub(),
    email: `viewer-${tag}@example.com`,
    name,
    channel: { id: `UCviewer-${tag}`, title: name, handle: `@viewer${tag}` },
    subscribedTo,
    youtube: "normal",
    grantsYoutube: true,
    brandAccounts,
  };
}

/** 21 digits, as Google's account ids have. */
const randomSub = () => `2${Array.from({ length: 20 }, () => randomInt(10)).join("")}`;

function parseRequest(body: unknown): NewAccountRequest | string {
  const { subscribed, brandChannels } = (body ?? {}) as { subscribed?: unknown; brandChannels?: unknown };
  if (subscribed !== undefined && typeof subscribed !== "boolean") return "subscribed must be a boolean";
  if (
    brandChannels !== undefined &&
    !(
      Number.isInteger(brandChannels) &&
      (brandChannels as number) >= 0 &&
      (brandChannels as number) <= MAX_BRAND_ACCOUNTS
    )
  )
    return `brandChannels must be a whole number from 0 to ${MAX_BRAND_ACCOUNTS}`;
  return { subscribed, brandChannels: brandChannels as number | undefined };
}

/**
 * POST /__emulator/accounts {subscribed=true, brandChannels=0} → 201 with the new account, offered on the chooser
 * from then on (its Brand Accounts on the channel picker behind it). Test-only, like every /__emulator route: the
 * stand-in itself never runs in production (scripts/src/start.ts starts no stand-in there).
 */
export function accountRoutes(accounts: SeedAccount[], channelId: string): Router {
  const router = Router();
  router.post("/__emulator/accounts", express.json(), (req, res) => {
    const request = parseRequest(req.body);
    if (typeof request === "string") return res.status(400).json({ error: request });
    const account = freshAccount(channelId, request);
    accounts.push(account);
    res.status(201).json(account);
  });
  return router;
}
