/** The app as the bench runs it, in its own process (see bench-world.ts). */
import { loadConfig } from "@tube/backend/config";
import { createLogger } from "@tube/backend/observability/logger";
import { startServer } from "@tube/backend/server";
import { FRONTEND_DIST } from "../build-frontend.ts";

const config = loadConfig();
// The built page, served as `npm start` serves it, for the visitor phase.
const server = await startServer(config, createLogger(), { staticDir: FRONTEND_DIST });
process.on("message", (request: "cpu" | "stop") => {
  if (request === "cpu") process.send?.(process.cpuUsage());
  else void server.stop().then(() => process.exit(0));
});
