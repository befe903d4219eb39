/** The app serving the built page, in its own process (bench-world.ts). */
import { loadConfig } from "@tube/backend/config";
import { createLogger } from "@tube/backend/observability/logger";
import { startServer } from "@tube/backend/server";
import { FRONTEND_DIST } from "../build-frontend.ts";

const config = loadConfig();
const server = await startServer(config, createLogger(), { staticDir: FRONTEND_DIST });
process.on("message", (request: "cpu" | "stop") => {
  if (request === "cpu") process.send?.(process.cpuUsage());
  else void server.stop().then(() => process.exit(0));
});
