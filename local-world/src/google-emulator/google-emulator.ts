import { createServer } from "node:http";
import { listen, standInApp } from "../stand-in.ts";
import { controlRoutes, createControls } from "./control-routes.ts";
import { createGrantRegistry } from "./grants.ts";
import { oauthRoutes, type RegisteredClient } from "./oauth-routes.ts";
import { LOCAL_CHANNEL_ID, LOCAL_CHANNEL_TITLE, defaultGoogleAccounts, type SeedAccount } from "./seed-accounts.ts";
import { createSigningKey } from "./signing-key.ts";
import { youtubeRoutes } from "./youtube-routes.ts";

export interface GoogleEmulatorOptions {
  port?: number;
  clients: RegisteredClient[];
  /** Default: the seeded accounts, subscribed to `channelId`. */
  accounts?: SeedAccount[];
  channelId?: string;
}

export type GoogleEmulator = Awaited<ReturnType<typeof startGoogleEmulator>>;

/** A local Google at Google's paths: OAuth 2.0 with PKCE (an account chooser) and YouTube's reads. */
export async function startGoogleEmulator(options: GoogleEmulatorOptions) {
  const channelId = options.channelId ?? LOCAL_CHANNEL_ID;
  // A copy: accounts a test adds stay with this stand-in.
  const accounts = [...(options.accounts ?? defaultGoogleAccounts(channelId))];
  const app = standInApp();
  const server = await listen(createServer(app), options.port);
  const { url } = server;

  const grants = createGrantRegistry();
  const controls = createControls();
  const channelTitles = new Map<string, string>([
    [channelId, LOCAL_CHANNEL_TITLE],
    ...accounts.flatMap((account) => (account.channel ? [[account.channel.id, account.channel.title] as const] : [])),
  ]);

  app.use(
    oauthRoutes({
      issuer: url,
      clients: new Map(options.clients.map((client) => [client.clientId, client])),
      accounts,
      grants,
      key: createSigningKey(url),
      controls,
    }),
  );
  app.use(youtubeRoutes({ grants, controls, channelTitles }));
  app.use(controlRoutes(controls, grants, accounts, channelId));
  app.use((_req, res) => {
    res.status(404).json({ error: { code: 404, message: "Not Found", status: "NOT_FOUND" } });
  });

  // `url`: without a trailing slash; also the `iss` of its id_tokens.
  return { url, accounts, stop: server.stop };
}
