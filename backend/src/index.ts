import "dotenv/config";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { createLogger } from "./observability/logger.ts";
import { startServer } from "./server.ts";

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // The message lists every problem, one per line; a stack trace would only bury it.
  console.error(error.message);
  process.exit(1);
}
const logger = createLogger(config.LOG_LEVEL);
const server = await startServer(config, logger);

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
