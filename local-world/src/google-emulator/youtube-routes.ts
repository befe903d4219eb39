import { hash } from "node:crypto";
import { Router, type Request, type Response } from "express";
import { bearerOf, searchParamsOf } from "../stand-in.ts";
import { takeFault, type EmulatorControls } from "./control-routes.ts";
import type { GrantRegistry } from "./grants.ts";
import { YOUTUBE_READ_SCOPES } from "./scopes.ts";

export interface YouTubeDeps {
  grants: GrantRegistry;
  controls: EmulatorControls;
  channelTitles: ReadonlyMap<string, string>;
}

type ErrorSpec = ReturnType<typeof spec>;

const STATUS_NAMES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};

const QUOTA_MESSAGES: Record<string, string> = {
  quotaExceeded:
    'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
  rateLimitExceeded: "The request cannot be completed because you have exceeded your quota.",
};

/** The claim flow's two reads (`mine=true`), 1 unit each, counted. */
export function youtubeRoutes(deps: YouTubeDeps) {
  const router = Router();
  const units = { total: 0, byAccount: new Map<string, number>() };
  router.use("/youtube/v3", (req, _res, next) => {
    units.total += 1;
    const token = accessTokenOf(req);
    const email = token ? deps.grants.accessToken(token)?.grant.account.email : undefined;
    if (email) units.byAccount.set(email, (units.byAccount.get(email) ?? 0) + 1);
    next();
  });
  router.get("/__emulator/youtube-units", (req, res) => {
    const account = stringParam(req, "account");
    res.json({ units: account === undefined ? units.total : (units.byAccount.get(account) ?? 0) });
  });

  router.get("/youtube/v3/subscriptions", (req, res) => {
    const account = authorize(deps, req, res, "subscription");
    if (!account) return;
    const { channel: subscriber } = account;
    if (!subscriber)
      return sendError(res, spec(401, "youtubeSignupRequired", "Unauthorized", "youtube.header", AT_AUTHORIZATION));
    const wanted = stringParam(req, "forChannelId");
    const filter = wanted === undefined ? null : new Set(wanted.split(","));
    const channelIds = account.subscribedTo.filter((id) => !filter || filter.has(id));
    const items = channelIds.map((channelId) => ({
      kind: "youtube#subscription",
      etag: etag(subscriber.id, channelId),
      id: Buffer.from(`${subscriber.id}:${channelId}`).toString("base64url"),
      ...part(req, "snippet", {
        publishedAt: "2024-01-01T00:00:00Z",
        title: deps.channelTitles.get(channelId) ?? channelId,
        description: "",
        resourceId: { kind: "youtube#channel", channelId },
        channelId: subscriber.id,
        thumbnails: thumbnails(channelId),
      }),
      // The subscriber's own channel, never its handle.
      ...part(req, "subscriberSnippet", {
        title: subscriber.title,
        description: "",
        channelId: subscriber.id,
        thumbnails: thumbnails(subscriber.id),
      }),
    }));
    res.json(listResponse("subscription", [account.sub, ...channelIds], items));
  });

  router.get("/youtube/v3/channels", (req, res) => {
    const account = authorize(deps, req, res, "channel");
    if (!account) return;
    const { channel } = account;
    // No channel: an answer without `items`, not an error.
    if (!channel) return res.json(listResponse("channel", [account.sub]));
    const item = {
      kind: "youtube#channel",
      etag: etag(channel.id),
      id: channel.id,
      ...part(req, "snippet", {
        title: channel.title,
        description: "",
        customUrl: channel.handle.toLowerCase(),
        publishedAt: "2020-01-01T00:00:00Z",
        thumbnails: thumbnails(channel.id),
        localized: { title: channel.title, description: "" },
      }),
    };
    res.json(listResponse("channel", [account.sub, channel.id], [item]));
  });

  return router;
}

/** YouTube's 401: the problem, then the same hint. */
function credentialError(reason: "required" | "authError", problem: string) {
  const hint = "Expected OAuth 2 access token, login cookie or other valid authentication credential.";
  return spec(401, reason, `${problem} ${hint}`, "global", AT_AUTHORIZATION);
}

const AT_AUTHORIZATION = { location: "Authorization", locationType: "header" };

function spec(status: number, reason: string, message: string, domain = "global", extra?: Record<string, string>) {
  return { status, reason, message, domain, extra };
}

/** YouTube's checks before the data; on failure answers the error and returns null. */
function authorize(deps: YouTubeDeps, req: Request, res: Response, resource: "subscription" | "channel") {
  const fail = (error: ErrorSpec) => {
    sendError(res, error);
    return null;
  };
  const fault = takeFault(deps.controls, "youtube", req);
  if (fault) return fault === "played" ? null : fail(faultError(fault.status, fault.reason));

  const token = accessTokenOf(req);
  if (!token) return fail(credentialError("required", "Request is missing required authentication credential."));
  const found = deps.grants.accessToken(token);
  if (!found) return fail(credentialError("authError", "Request had invalid authentication credentials."));
  const { account, scopes } = found.grant;
  if (account.youtube === "quotaExceeded") return fail(faultError(403, "quotaExceeded"));
  if (!scopes.some((scope) => YOUTUBE_READ_SCOPES.includes(scope)))
    return fail(spec(403, "insufficientPermissions", "Request had insufficient authentication scopes."));
  if (!stringParam(req, "part"))
    return fail(
      spec(400, "required", "Required parameter: part", "global", { location: "part", locationType: "parameter" }),
    );
  if (stringParam(req, "mine") !== "true")
    return fail(spec(400, "missingRequiredParameter", "This stand-in answers mine=true only.", "youtube.parameter"));
  if (account.youtube === "suspended" || account.youtube === "closed") {
    const reason = account.youtube === "suspended" ? "accountSuspended" : "accountClosed";
    const message = `The account of the authenticated user is ${account.youtube}.`;
    return fail(spec(403, reason, message, `youtube.${resource}`));
  }
  return account;
}

/** YouTube's documented errors: quotaExceeded, rateLimitExceeded, backendError (5xx). */
function faultError(status: number, reason: string) {
  const quota = QUOTA_MESSAGES[reason];
  return quota
    ? spec(status, reason, quota, "youtube.quota")
    : spec(status, reason, status >= 500 ? "Backend Error" : reason);
}

function sendError(res: Response, spec: ErrorSpec) {
  res.status(spec.status).json({
    error: {
      code: spec.status,
      message: spec.message,
      errors: [{ message: spec.message, domain: spec.domain, reason: spec.reason, ...spec.extra }],
      status: STATUS_NAMES[spec.status] ?? "UNKNOWN",
    },
  });
}

/** Repeated ones (`part=a&part=b`) joined with commas. */
function stringParam(req: Request, name: string) {
  const values = searchParamsOf(req).getAll(name);
  return values.length > 0 ? values.join(",") : undefined;
}

function part(req: Request, name: string, value: object) {
  return (stringParam(req, "part") ?? "").split(",").includes(name) ? { [name]: value } : {};
}

/** Bearer or the `access_token` parameter, as YouTube accepts either. */
function accessTokenOf(req: Request) {
  return bearerOf(req) ?? stringParam(req, "access_token");
}

/** `items` absent when YouTube leaves it out. */
function listResponse(kind: string, etagParts: string[], items?: object[]) {
  const pageInfo = { totalResults: items?.length ?? 0, resultsPerPage: 5 };
  return { kind: `youtube#${kind}ListResponse`, etag: etag(...etagParts), pageInfo, ...(items ? { items } : {}) };
}

function etag(...parts: string[]) {
  return hash("sha1", parts.join("|"), "base64url");
}

function thumbnails(id: string) {
  return { default: { url: `https://yt3.ggpht.com/${encodeURIComponent(id)}=s88`, width: 88, height: 88 } };
}
