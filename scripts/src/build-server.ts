/**
 * `npm run build`'s server step: bundles the server and the operator commands into backend/dist (server-bundle.ts).
 * With --when-stale, as the operator commands' npm scripts run it, only when a source changed since the last build.
 */
import { buildServer, buildServerWhenStale } from "./server-bundle.ts";

await (process.argv.includes("--when-stale") ? buildServerWhenStale() : buildServer());
