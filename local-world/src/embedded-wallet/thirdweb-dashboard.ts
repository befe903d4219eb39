import { createHash } from "node:crypto";
import type { Request } from "express";
import { EMBEDDED_WALLET_HOST } from "../network-border/border-hosts.ts";

/** What the local world's thirdweb dashboard holds: its projects (client ids) and the one ecosystem. */
export interface ThirdwebDashboard {
  /** Client id → the project's allowed domains (hosts, `*.` wildcards, `localhost`, `*`) and enabled services. */
  projects: Record<string, { domains: string[]; services: string[] }>;
  /** A closed ("Allowlist") ecosystem admits only its partners, each on its own allowed domains. */
  ecosystem: { id: string; partners?: Record<string, string[]> };
}

export const IN_APP_WALLET_SERVICE = "embeddedWallets";

/** thirdweb derives a project's client id from its secret key. */
export const clientIdOf = (secretKey: string) => createHash("sha256").update(secretKey).digest("hex").slice(0, 32);

export interface Refusal {
  status: number;
  code: string;
  message: string;
  /** For the operator: the setting on thirdweb's dashboard (or ours) that would have let it through. */
  hint: string;
}

const refuse = (status: number, code: string, message: string, hint: string): Refusal => ({
  status,
  code,
  message,
  hint,
});
const ALLOWED_DOMAINS = "the project's allowed domains on thirdweb's dashboard";

/**
 * thirdweb's shared authorizer, as its services run it before anything else (packages/service-utils:
 * `cf-worker/index.ts` reads the ids from headers or the query and the origin from `Origin`, else `Referer`, as a host;
 * `core/authorize/index.ts`, `client.ts` and `service.ts` decide). Null: authorized.
 */
export function authorizeRequest(dashboard: ThirdwebDashboard, req: Request): Refusal | null {
  const param = (header: string, query: string) => req.get(header) || (req.query[query] as string | undefined) || "";
  const project = dashboard.projects[param("x-client-id", "clientId")];
  if (!project)
    return refuse(
      401,
      "INVALID_KEY",
      "Key is invalid. Please check your secret-key/clientId.",
      "no project on thirdweb's dashboard has this client id (THIRDWEB_SECRET_KEY's)",
    );
  const seen = req.get("origin") || req.get("referer");
  const origin = seen && URL.canParse(seen) ? new URL(seen).host : seen;
  if (!project.domains.includes("*")) {
    if (!origin)
      return refuse(
        401,
        "UNAUTHORIZED",
        "The keys are invalid. Please check the secret-key/clientId and try again.",
        `neither Origin nor Referer came, so ${ALLOWED_DOMAINS} cannot be checked: the page's Referrer-Policy must send its origin`,
      );
    if (!allowsDomain(project.domains, origin)) return unauthorizedDomain(origin, ALLOWED_DOMAINS);
  }
  if (!project.services.includes(IN_APP_WALLET_SERVICE))
    return refuse(
      403,
      "SERVICE_UNAUTHORIZED",
      `Invalid request: Unauthorized service: ${IN_APP_WALLET_SERVICE}.`,
      "the project's services on thirdweb's dashboard lack In-App Wallets",
    );
  const { partners } = dashboard.ecosystem;
  if (!partners) return null;
  const partnerDomains = partners[param("x-ecosystem-partner-id", "ecosystemPartnerId")];
  if (!partnerDomains)
    return refuse(
      401,
      "UNAUTHORIZED",
      "Unauthorized: this ecosystem requires a valid partner id.",
      "ECOSYSTEM_PARTNER_ID must be the app's partner id from the ecosystem's Allowlist on thirdweb's dashboard",
    );
  const partnerDomainsHint = "the partner's allowed domains in the ecosystem's Allowlist on thirdweb's dashboard";
  return origin && allowsDomain(partnerDomains, origin) ? null : unauthorizedDomain(origin ?? "", partnerDomainsHint);
}

export const unauthorizedDomain = (host: string, setting = ALLOWED_DOMAINS) =>
  refuse(401, "ORIGIN_UNAUTHORIZED", `Invalid request: Unauthorized domain: ${host}.`, `${setting} lack ${host}`);

/** `client.ts`'s `authorizeDomain`: the wallet service's own host is always allowed. */
export function allowsDomain(domains: readonly string[], host: string): boolean {
  return [...domains, EMBEDDED_WALLET_HOST].some(
    (domain) =>
      domain === "*" ||
      (domain === "localhost" && host.startsWith("localhost")) ||
      (domain.startsWith("*.") ? host.endsWith(domain.slice(1)) : domain === host),
  );
}
