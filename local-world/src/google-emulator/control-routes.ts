import { randomBytes, randomInt } from "node:crypto";
import type { Request } from "express";
import { z } from "zod";
import { CONTROL_PATH, controlRouter, faultSwitch } from "../stand-in.ts";
import type { GrantRegistry } from "./grants.ts";
import { BRAND_ACCOUNT_EMAIL_DOMAIN, seedAccount, type SeedAccount } from "./seed-accounts.ts";

/** YouTube's reads, tokeninfo, or the code exchange. */
const FAULT_TARGETS = ["youtube", "tokeninfo", "token"] as const;
type FaultTarget = (typeof FAULT_TARGETS)[number];

/** The next `count` calls fail with this status and reason; status 0 drops the connection. */
interface InjectedFault {
  mode: FaultTarget;
  count: number;
  status: number;
  reason: string;
  hang: boolean;
}

// At Google one person may manage up to 100 Brand Accounts.
const newAccountSchema = z.object({
  subscribed: z.boolean().default(true),
  brandChannels: z.number().int().min(0).max(100).default(0),
});

export function createControls() {
  return {
    faults: faultSwitch<InjectedFault>((fault) => fault.mode),
    /** The next id_token's audience, instead of the client that asked. */
    nextIdTokenAudience: null as string | null,
  };
}
export type EmulatorControls = ReturnType<typeof createControls>;

/** Null, "played" when it sends no answer (a hang or a drop), or the error. */
export function takeFault(controls: EmulatorControls, target: FaultTarget, req: Request) {
  const fault = controls.faults.take(target, [target]);
  if (!fault) return null;
  if (fault.hang) return "played";
  if (fault.status !== 0) return fault;
  req.socket.destroy();
  return "played";
}

export function controlRoutes(
  controls: EmulatorControls,
  grants: GrantRegistry,
  accounts: SeedAccount[],
  channelId: string,
) {
  const router = controlRouter();
  for (const target of FAULT_TARGETS) {
    router.post(`${CONTROL_PATH}/${target}-fault`, (req, res) => {
      const given = req.body as Partial<InjectedFault> | undefined;
      const fault = { status: 503, reason: "backendError", count: 1, hang: false, ...given, mode: target };
      controls.faults.set(fault);
      res.json({ remaining: fault.count });
    });
    router.get(`${CONTROL_PATH}/${target}-fault`, (_req, res) => {
      res.json({ remaining: controls.faults.pending(target)?.count ?? 0 });
    });
  }

  router.post(`${CONTROL_PATH}/expire`, (req, res) => {
    const token = (req.body as { access_token?: unknown } | undefined)?.access_token;
    if (typeof token !== "string" || !grants.expire(token))
      return res.status(404).json({ error: "unknown access_token" });
    res.json({});
  });

  router.post(`${CONTROL_PATH}/id-token-audience`, (req, res) => {
    const aud = (req.body as { aud?: unknown } | undefined)?.aud;
    if (typeof aud !== "string") return res.status(400).json({ error: "aud must be a string" });
    controls.nextIdTokenAudience = aud;
    res.json({});
  });

  router.post(`${CONTROL_PATH}/accounts`, (req, res) => {
    const parsed = newAccountSchema.safeParse(req.body ?? {});
    if (!parsed.success) return res.status(400).json({ error: z.prettifyError(parsed.error) });
    const account = freshAccount(channelId, parsed.data.subscribed, parsed.data.brandChannels);
    accounts.push(account);
    res.status(201).json(account);
  });
  return router;
}

/** Random ids, so no kept claim store met it. */
function freshAccount(channelId: string, subscribed: boolean, brandChannels: number) {
  const tag = randomBytes(5).toString("hex");
  const name = `Viewer ${tag}`;
  const subscribedTo = subscribed ? [channelId] : [];
  const identity = (email: string, name: string, channel: SeedAccount["channel"]) =>
    // 21 digits, as Google's account ids
    seedAccount({
      sub: `2${Array.from({ length: 20 }, () => randomInt(10)).join("")}`,
      email,
      name,
      channel,
      subscribedTo,
    });
  const brandAccounts = Array.from({ length: brandChannels }, (_, index) => {
    const n = index + 1;
    const brandName = `Brand ${n} of ${tag}`;
    const channel = { id: `UCbrand-${tag}-${n}`, title: brandName, handle: `@brand${n}${tag}` };
    return identity(`brand-${tag}-${n}@${BRAND_ACCOUNT_EMAIL_DOMAIN}`, brandName, channel);
  });
  const channel = { id: `UCviewer-${tag}`, title: name, handle: `@viewer${tag}` };
  return { ...identity(`viewer-${tag}@example.com`, name, channel), brandAccounts };
}
