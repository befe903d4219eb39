/** A project on the local Reown dashboard: its relay allow-list (empty: any origin) and its verified domains. */
interface ReownProject {
  allowedOrigins: string[];
  verifiedDomains: string[];
}

/** thirdweb's project when none is set (`thirdweb/src/wallets/wallet-connect/constants.ts`). */
export const THIRDWEB_DEFAULT_PROJECT_ID = "08c4b07e3ad25f1a27c14a4e8cecb6f0";
/** An operator's own, set up as docs/deploy.md says: the app's domain (here localhost) allowed and verified. */
export const OWN_PROJECT_ID = "7e0b5c9a1d2f4e3b8a6c5d4e3f2a1b0c";
/** Its allow-list lacks the app's domain, as a copied or half-set-up dashboard has it. */
export const FOREIGN_PROJECT_ID = "3c2b1a0f9e8d4c7b6a5f4e3d2c1b0a99";
/** The phone wallet's: a wallet app's socket sends no Origin, so its allow-list is empty. */
export const PHONE_WALLET_PROJECT_ID = "9d8c7b6a5f4e4d3c2b1a0f9e8d7c6b5a";

const PROJECTS: Record<string, ReownProject> = {
  // thirdweb's allow-list is not public, so any origin; no domain of ours is verified on it.
  [THIRDWEB_DEFAULT_PROJECT_ID]: { allowedOrigins: [], verifiedDomains: [] },
  [OWN_PROJECT_ID]: { allowedOrigins: ["https://rewards.example"], verifiedDomains: ["localhost"] },
  [FOREIGN_PROJECT_ID]: { allowedOrigins: ["https://rewards.example"], verifiedDomains: ["rewards.example"] },
  [PHONE_WALLET_PROJECT_ID]: { allowedOrigins: [], verifiedDomains: [] },
};

export const isKnownProject = (projectId: string) => Object.hasOwn(PROJECTS, projectId);

/** Whether the relay admits a socket from `origin`: localhost and 127.0.0.1 always, any on an empty list; an entry is
 * `[scheme://]host[:port]`, scheme and port exact when given, `*` one whole label of the host. */
export function originAllowed(projectId: string, origin: string | undefined) {
  const { allowedOrigins = [] } = PROJECTS[projectId] ?? {};
  if (allowedOrigins.length === 0) return true;
  if (!origin || !URL.canParse(origin)) return false;
  const { protocol, hostname, port } = new URL(origin);
  if (hostname === "localhost" || hostname === "127.0.0.1") return true;
  return allowedOrigins.some((entry) => {
    const [, scheme, host = "", entryPort] = /^(?:([a-z]+):\/\/)?([^:/]+)(?::(\d+))?$/.exec(entry) ?? [];
    const labels = host.split(".");
    const given = hostname.split(".");
    return (
      (scheme === undefined || `${scheme}:` === protocol) &&
      (entryPort === undefined || entryPort === port) &&
      labels.length === given.length &&
      labels.every((label, i) => label === "*" || label === given[i])
    );
  });
}

/** Verify attests `origin` when its host is one of the project's verified domains. */
export function domainVerified(projectId: string, origin: string) {
  return PROJECTS[projectId]?.verifiedDomains.includes(new URL(origin).hostname) ?? false;
}
