/** The app's pages and `<title>`s, for the browser's router and the server (404 for any other path). */
import { GOOGLE_CALLBACK_PATH, REWARD_TOKENS, TOKEN_SYMBOL } from "./constants.ts";

const SITE_NAME = "TuBE Rewards";

export const PAGE_PATHS = {
  landing: "/",
  claim: "/claim",
  googleCallback: GOOGLE_CALLBACK_PATH,
  terms: "/terms",
  privacy: "/privacy",
  googleInfo: "/google-info",
} as const;

type PagePath = (typeof PAGE_PATHS)[keyof typeof PAGE_PATHS];

const PAGE_TITLES: Record<PagePath, string> = {
  [PAGE_PATHS.landing]: `${SITE_NAME}: subscribe and claim ${REWARD_TOKENS} ${TOKEN_SYMBOL}`,
  [PAGE_PATHS.claim]: `Claim ${REWARD_TOKENS} ${TOKEN_SYMBOL} | ${SITE_NAME}`,
  [PAGE_PATHS.googleCallback]: `Google Sign-in | ${SITE_NAME}`,
  [PAGE_PATHS.terms]: `Terms of Service | ${SITE_NAME}`,
  [PAGE_PATHS.privacy]: `Privacy Policy | ${SITE_NAME}`,
  [PAGE_PATHS.googleInfo]: `Google API Usage | ${SITE_NAME}`,
};

export const NOT_FOUND_TITLE = `Page Not Found | ${SITE_NAME}`;

/** Matched as the router does: case-insensitive, a trailing slash ignored. */
export function pageAt(pathname: string) {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "").toLowerCase() : pathname;
  return Object.values(PAGE_PATHS).find((path) => path === normalized);
}

export function pageTitle(pathname: string) {
  const page = pageAt(pathname);
  return page === undefined ? NOT_FOUND_TITLE : PAGE_TITLES[page];
}
