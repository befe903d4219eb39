import { randomBytes, randomUUID } from "node:crypto";
import cors from "cors";
import express, { type RequestHandler, type Response } from "express";
import type { Hex } from "thirdweb";
import { hashMessage, keccak256 } from "thirdweb/utils";
import { parseSignature } from "viem";
import { EMBEDDED_WALLET_HOST } from "../network-border/border-hosts.ts";
import { faultSwitchRoute, notFound, standInApp } from "../stand-in.ts";
import type { WalletKeys } from "./wallet-keys.ts";
import { createWalletFaultSwitch, walletFaultSchema } from "./wallet-faults.ts";
import { authorizer, type ThirdwebDashboard } from "./thirdweb-dashboard.ts";

export const WALLET_GOOGLE_CALLBACK = `https://${EMBEDDED_WALLET_HOST}/api/2024-05-05/login/google/callback`;

export interface EmbeddedWalletOptions {
  /** Its ecosystem is the only one known; others are refused as thirdweb refuses an unknown one. */
  dashboard: ThirdwebDashboard;
  googleUrl: string;
  /** thirdweb's own OAuth client at Google; the local Google must know it. */
  googleClient: { clientId: string; clientSecret: string };
  keys: WalletKeys;
  /** Each refusal, with the setting behind it. */
  log?: (line: string) => void;
}

const SESSION_LIFETIME_MS = 7 * 86_400_000;
const LOGIN_LIFETIME_MS = 10 * 60_000;

interface User {
  /** `authDetails.userWalletId` */
  id: string;
  googleSub: string;
  email: string;
  walletCreatedAt?: string;
}

/** thirdweb's in-app wallet service: an ecosystem of enclave EOAs, signing in through the local Google. */
export function embeddedWalletEmulator(options: EmbeddedWalletOptions) {
  const app = standInApp();
  const faults = createWalletFaultSwitch();
  const logins = new Map<string, { redirectUrl: string; expiresAt: number }>();
  const users = new Map<string, User>();
  const sessions = new Map<string, { user: User; expiresAt: number }>();
  const ecosystemId = options.dashboard.ecosystem.id;
  const authorize = authorizer(options.dashboard, options.log);

  // The SDK's headers make every call preflighted; it sends no credentials.
  app.use("/api", cors({ origin: true, methods: "GET, POST, OPTIONS", maxAge: 600 }));

  // The hidden iframe the SDK's connector always mounts; enclave wallets never use it.
  app.get("/sdk/2022-08-12/embedded-wallet", (_req, res) => {
    res.type("html").send(IFRAME_PAGE);
  });

  // The SDK throws the `message` of an unknown ecosystem's 401.
  app.get("/api/2024-05-05/ecosystem-wallet", (req, res) => {
    if (req.get("x-ecosystem-id") !== ecosystemId) return sendUnknownEcosystem(res);
    res.json({
      name: "TuBE (local)",
      slug: ecosystemId.replace(/^ecosystem\./, ""),
      homepage: "",
      authOptions: ["google"],
    });
  });

  // The SDK's login navigates here; then Google, then the callback below.
  app.get("/api/2024-05-05/login/google", authorize, (req, res) => {
    const redirectUrl = String(req.query.redirectUrl ?? "");
    if (req.query.ecosystemId !== ecosystemId) return sendUnknownEcosystem(res);
    if (!URL.canParse(redirectUrl)) return res.status(400).json({ message: "redirectUrl must be a URL" });
    const loginId = randomBytes(16).toString("hex");
    logins.set(loginId, { redirectUrl, expiresAt: Date.now() + LOGIN_LIFETIME_MS });
    const google = new URL("/o/oauth2/v2/auth", options.googleUrl);
    google.search = new URLSearchParams({
      client_id: options.googleClient.clientId,
      redirect_uri: WALLET_GOOGLE_CALLBACK,
      response_type: "code",
      scope: "openid email profile",
      state: loginId,
    }).toString();
    res.redirect(302, google.href);
  });

  app.get("/api/2024-05-05/login/google/callback", async (req, res) => {
    const loginId = String(req.query.state ?? "");
    const login = logins.get(loginId);
    logins.delete(loginId);
    if (!login || login.expiresAt < Date.now())
      return res.status(400).json({ message: "This sign-in has expired. Start again." });
    const back = new URL(login.redirectUrl);
    const code = req.query.code;
    // A cancelled consent: back to the page with no `authResult`.
    if (typeof code !== "string") return res.redirect(302, back.href);
    const identity = await exchangeCode(options, code);
    if (!identity) return res.status(502).json({ message: "Google refused the sign-in." });
    const user = users.get(identity.sub) ?? { id: randomUUID(), googleSub: identity.sub, email: identity.email };
    users.set(identity.sub, user);
    const cookieString = randomBytes(32).toString("hex");
    const expired = faults.take("expiredToken", user.email);
    sessions.set(cookieString, { user, expiresAt: expired ? 0 : Date.now() + SESSION_LIFETIME_MS });
    if (faults.take("stateMissing", user.email)) back.searchParams.delete("state");
    if (faults.take("stateForeign", user.email)) back.searchParams.set("state", randomBytes(16).toString("hex"));
    const authResult = {
      storedToken: {
        jwtToken: "",
        authProvider: "Google",
        authDetails: {
          email: user.email,
          userWalletId: user.id,
          recoveryShareManagement: "ENCLAVE",
          walletType: "enclave",
        },
        developerClientId: String(req.query.clientId ?? ""),
        cookieString,
        shouldStoreCookieString: true,
        isNewUser: user.walletCreatedAt === undefined,
      },
    };
    // The SDK decodes it once more after URLSearchParams has.
    back.searchParams.set("authResult", encodeURIComponent(JSON.stringify(authResult)));
    res.redirect(302, back.href);
  });

  const requireSession: RequestHandler = (req, res, next) => {
    const token = /^Bearer embedded-wallet-token:(.+)$/.exec(req.get("authorization") ?? "")?.[1];
    const session = token ? sessions.get(token) : undefined;
    if (!session || session.expiresAt <= Date.now()) return sendUnauthorized(res);
    res.locals.user = session.user;
    next();
  };
  const walletOf = (user: User) => ({
    address: options.keys.accountFor(user.googleSub).address,
    createdAt: user.walletCreatedAt,
    type: "enclave",
  });

  app.get("/api/2024-05-05/accounts", authorize, requireSession, async (_req, res) => {
    const user = res.locals.user as User;
    const slow = faults.take("slow", user.email);
    if (slow) await new Promise((resolve) => setTimeout(resolve, slow.ms ?? 60_000));
    res.json({
      id: user.id,
      linkedAccounts: [{ type: "google", details: { email: user.email, id: user.googleSub } }],
      wallets: user.walletCreatedAt ? [walletOf(user)] : [],
    });
  });

  const enclave = express.Router();
  enclave.use(authorize, express.json({ limit: "1mb" }), requireSession);
  // A new user's wallet, made once.
  enclave.post("/generate", (_req, res) => {
    const user = res.locals.user as User;
    if (faults.take("generateFails", user.email))
      return res.status(500).json({ error: { code: "INTERNAL_SERVER_ERROR", message: "Internal Server Error" } });
    user.walletCreatedAt ??= new Date().toISOString();
    res.json({ wallet: walletOf(user) });
  });
  enclave.post("/sign-message", async (req, res) => {
    const { message, isRaw } =
      (req.body as { messagePayload?: { message?: unknown; isRaw?: boolean } }).messagePayload ?? {};
    if (typeof message !== "string") return res.status(400).json({ message: "messagePayload.message is required" });
    const signable = isRaw ? { raw: message as Hex } : message;
    const signature = await accountOf(res).signMessage({ message: signable });
    res.json({ ...signatureParts(signature), hash: hashMessage(signable) });
  });
  // The body is the typed data itself.
  enclave.post("/sign-typed-data", async (req, res) => {
    const signature = await accountOf(res).signTypedData(req.body as Parameters<Account["signTypedData"]>[0]);
    res.json(signatureParts(signature));
  });
  // `signature` is the raw transaction the page sends.
  enclave.post("/sign-transaction", async (req, res) => {
    const payload = (req.body as { transactionPayload?: Record<string, string | number | undefined> })
      .transactionPayload;
    if (!payload) return res.status(400).json({ message: "transactionPayload is required" });
    const account = accountOf(res);
    if (!account.signTransaction) return res.status(500).end();
    const signed = await account.signTransaction(serializable(payload));
    res.json({ signature: signed, hash: keccak256(signed) });
  });
  app.use("/api/v1/enclave-wallet", enclave);

  app.use(faultSwitchRoute(walletFaultSchema, faults.set), notFound);

  const accountOf = (res: Response) => options.keys.accountFor((res.locals.user as User).googleSub);
  return app;
}

type Account = ReturnType<WalletKeys["accountFor"]>;

const sendUnknownEcosystem = (res: Response) =>
  res.status(401).json({ code: "UNAUTHORIZED", message: "Unauthorized: this ecosystem does not exist." });
const sendUnauthorized = (res: Response) =>
  res.status(401).json({ error: { code: "UNAUTHORIZED", message: "Invalid or expired auth token" } });

/** The page's payload (hex quantities, `type` 0, 2 or 4) for the SDK's serializer. */
function serializable(payload: Record<string, string | number | undefined>) {
  const big = (value: string | number | undefined) => (value === undefined ? undefined : BigInt(value));
  return {
    chainId: Number(payload.chainId),
    to: payload.to as string | undefined,
    data: payload.data as Hex | undefined,
    value: big(payload.value),
    gas: big(payload.gas),
    nonce: Number(payload.nonce),
    ...(Number(payload.type) === 0
      ? { gasPrice: big(payload.gasPrice) }
      : { maxFeePerGas: big(payload.maxFeePerGas), maxPriorityFeePerGas: big(payload.maxPriorityFeePerGas) }),
  };
}

function signatureParts(signature: Hex) {
  const { r, s, v } = parseSignature(signature);
  return { r, s, v: Number(v), signature };
}

async function exchangeCode(options: EmbeddedWalletOptions, code: string) {
  const response = await fetch(new URL("/token", options.googleUrl), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: WALLET_GOOGLE_CALLBACK,
      client_id: options.googleClient.clientId,
      client_secret: options.googleClient.clientSecret,
    }),
  });
  if (!response.ok) return null;
  const { id_token: idToken } = (await response.json()) as { id_token?: string };
  // Straight from the token endpoint: OpenID Connect lets a client skip the signature check.
  const { sub, email } = JSON.parse(Buffer.from(idToken?.split(".")[1] ?? "", "base64url").toString() || "{}") as {
    sub?: string;
    email?: string;
  };
  return sub && email ? { sub, email } : null;
}

/** Posts `ewsIframeLoaded` to the page and answers its `initIframe` with success. */
const IFRAME_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>thirdweb</title></head><body><script>
addEventListener("message", (event) => {
  if (event.data && event.data.eventType === "initIframe" && event.ports[0]) event.ports[0].postMessage({ success: true });
});
parent.postMessage({ eventType: "ewsIframeLoaded" }, "*");
</script></body></html>`;
