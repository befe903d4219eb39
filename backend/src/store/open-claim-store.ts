import { ConfigError, type Config } from "../config.ts";
import { RETRY_AFTER_SECONDS } from "../errors.ts";
import type { Logger } from "../observability/logger.ts";
import { storeUnavailable, type ClaimStore } from "./claim-store.ts";
import { openSqliteClaimStore } from "./sqlite/sqlite-claim-store.ts";

type StoreOptions = Config["storeOptions"] & { sqliteBusyTimeoutMs?: number };

/** MongoDB when configured, which several instances can share; else SQLite. */
export async function openClaimStore({ mongodbUri, dataDir, sqliteBusyTimeoutMs, gateKey }: StoreOptions) {
  // Loaded only here: a server on SQLite never loads Mongoose.
  if (mongodbUri)
    return (await import("./mongo/mongo-claim-store.ts")).openMongoClaimStore({ uri: mongodbUri, gateKey });
  return openSqliteClaimStore({ dataDir, busyTimeoutMs: sqliteBusyTimeoutMs, gateKey });
}

const PARTS = ["claims", "budget", "youtubeQuota", "rateLimits", "operator"] as const;

/** Reopened every few seconds while unreachable, so a server started in an outage still serves its pages. */
export async function openClaimStoreInTime(options: StoreOptions, logger: Logger) {
  let store: ClaimStore | undefined;
  let failure: unknown;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  let announce: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (announce = resolve));
  const attempt = async (first: boolean) => {
    try {
      const fresh = await openClaimStore(options);
      if (closed) return void (await fresh.close());
      store = fresh;
      logger.info({ store: options.mongodbUri ? "mongodb" : "sqlite" }, "claim store open");
      announce();
    } catch (error) {
      if (first && error instanceof ConfigError) throw error;
      if (failure === undefined) logger.error({ err: error }, "claim store unreachable: claims wait until it opens");
      failure = error;
      if (!closed) retry = setTimeout(() => void attempt(false), RETRY_AFTER_SECONDS * 1000).unref();
    }
  };
  await attempt(true);
  const unavailable = () => Promise.reject(storeUnavailable(failure));
  const part = (name: (typeof PARTS)[number]) =>
    new Proxy(
      {},
      {
        get:
          (_, method) =>
          (...args: unknown[]) =>
            store ? Reflect.get(store[name], method).apply(store[name], args) : unavailable(),
      },
    );
  const lazy = {
    ...Object.fromEntries(PARTS.map((name) => [name, part(name)])),
    ping: () => (store ? store.ping() : unavailable()),
    close: async () => ((closed = true), clearTimeout(retry), await store?.close()),
  };
  return { store: lazy as ClaimStore, opened };
}
