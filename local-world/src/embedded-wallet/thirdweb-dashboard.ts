import { createHash } from "node:crypto";
import type { Request, RequestHandler } from "express";
import { EMBEDDED_WALLET_HOST } from "../network-border/border-hosts.ts";

/** The local thirdweb dashboard: its projects (by client id) and the one ecosystem. */
export interface ThirdwebDashboard {
  /** Allowed domains (hosts, `*.` wildcards, `localhost`, `*`) and enabled services. */
  projects: Record<string, { domains: string[]; services: string[] }>;
  /** A closed ("Allowlist") ecosystem admits only its partners, each on its own allowed domains. */
  ecosystem: { id: string; partners?: Record<string, string[]> };
}

export const IN_APP_WALLET_SERVICE = "embeddedWallets";

/** thirdweb derives a project's client id from its secret key. */
export const clientIdOf = (secretKey: string) => createHash("sha256").update(secretKey).digest("hex").slice(0, 32);

type Refusal = { status: number; code: keyof typeof SETTING_BEHIND; message: string };

/** For the operator's log: the setting (thirdweb's dashboard or ours) that would have let each refusal through. */
const SETTING_BEHIND = {
  INVALID_KEY: "a project on thirdweb's dashboard with THIRDWEB_SECRET_KEY's client id",
  UNAUTHORIZED: "a Referrer-Policy that sends the page's origin (neither Origin nor Referer came)",
  ORIGIN_UNAUTHORIZED: "the project's allowed domains on thirdweb's dashboard (or the ecosystem partner's)",
  SERVICE_UNAUTHORIZED: "In-App Wallets among the project's services on thirdweb's dashboard",
  PARTNER_UNAUTHORIZED:
    "ECOSYSTEM_PARTNER_ID, the app's partner id in the ecosystem's Allowlist on thirdweb's dashboard",
};

const refuse = (status: number, code: Refusal["code"], message: string) => ({ status, code, message });

/** thirdweb's authorizer (packages/service-utils `cf-worker/index.ts`, `core/authorize/*.ts`), before anything else:
 * ids from headers or query, origin from Origin else Referer, and a login's `redirectUrl` on the project's domains too.
 * Null: authorized. */
function authorizeRequest(dashboard: ThirdwebDashboard, req: Request) {
  const param = (header: string, query: string) => req.get(header) || (req.query[query] as string | undefined) || "";
  const project = dashboard.projects[param("x-client-id", "clientId")];
  if (!project) return refuse(401, "INVALID_KEY", "Key is invalid. Please check your secret-key/clientId.");
  const hostOf = (url = "") => (URL.canParse(url) ? new URL(url).host : url);
  const origin = hostOf(req.get("origin") || req.get("referer"));
  if (!origin && !project.domains.includes("*"))
    return refuse(401, "UNAUTHORIZED", "The keys are invalid. Please check the secret-key/clientId and try again.");
  const redirect = hostOf(req.query.redirectUrl as string | undefined);
  for (const host of [origin, redirect])
    if (host && !allowsDomain(project.domains, host))
      return refuse(401, "ORIGIN_UNAUTHORIZED", `Invalid request: Unauthorized domain: ${host}.`);
  if (!project.services.includes(IN_APP_WALLET_SERVICE))
    return refuse(403, "SERVICE_UNAUTHORIZED", `Invalid request: Unauthorized service: ${IN_APP_WALLET_SERVICE}.`);
  const partners = dashboard.ecosystem.partners;
  const partnerDomains = partners?.[param("x-ecosystem-partner-id", "ecosystemPartnerId")];
  if (partners && !partnerDomains)
    return refuse(401, "PARTNER_UNAUTHORIZED", "Unauthorized: this ecosystem requires a valid partner id.");
  if (partnerDomains && !allowsDomain(partnerDomains, origin))
    return refuse(401, "ORIGIN_UNAUTHORIZED", `Invalid request: Unauthorized domain: ${origin}.`);
  return null;
}

/** Refuses what the authorizer refuses, telling `log` the setting behind it. */
export function authorizer(dashboard: ThirdwebDashboard, log?: (line: string) => void): RequestHandler {
  return (req, res, next) => {
    const refused = authorizeRequest(dashboard, req);
    if (!refused) return next();
    const { status, code, message } = refused;
    log?.(`thirdweb's wallet service refused a request (${status} ${message}): check ${SETTING_BEHIND[code]}`);
    res.status(status).json({ error: { code, message } });
  };
}

/** `client.ts`'s `authorizeDomain`: the wallet service's own host is always allowed. */
function allowsDomain(domains: readonly string[], host: string) {
  return [...domains, EMBEDDED_WALLET_HOST].some(
    (domain) =>
      domain === "*" ||
      (domain === "localhost" && host.startsWith("localhost")) ||
      (domain.startsWith("*.") ? host.endsWith(domain.slice(1)) : domain === host),
  );
}
