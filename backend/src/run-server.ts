import "dotenv/config";
import { ConfigError, loadConfig } from "./config.ts";
import { createLogger } from "./observability/logger.ts";
import { startServer, type ServerOptions } from "./server.ts";

function refuseStart(error: unknown): never {
  if (!(error instanceof ConfigError)) throw error;
  // A stack trace would only bury the list.
  console.error(error.message);
  process.exit(1);
}

export async function runServer(options: ServerOptions) {
  const logger = createLogger();
  // The store refuses a start too (another CLAIM_GATE_KEY).
  const server = await (async () => startServer(loadConfig(), logger, options))().catch(refuseStart);

  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, "shutting down");
      server.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
}
