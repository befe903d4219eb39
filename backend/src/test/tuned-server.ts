/**
 * The server process the integration tests start and kill (compiled-backend.ts): production's runServer on the test
 * world's tunings. Built beside backend/dist/index.js; production runs index.js, which takes no tunings.
 */
import { runServer } from "../run-server.ts";
import { TEST_WORLD_TUNING } from "./test-tuning.ts";

await runServer({ tuning: TEST_WORLD_TUNING });
