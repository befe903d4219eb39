/** The server process the integration tests start and kill (server-process.ts): runServer on the test world's tunings. */
import { runServer } from "../run-server.ts";
import { TEST_WORLD_TUNING } from "./test-tuning.ts";

await runServer({ tuning: TEST_WORLD_TUNING });
