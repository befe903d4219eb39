import "dotenv/config";
import { loadConfig } from "./config.ts";
import { createLogger } from "./observability/logger.ts";
import { startServer } from "./server.ts";

const config = loadConfig();
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
