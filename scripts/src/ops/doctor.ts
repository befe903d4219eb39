/** `npm run doctor` (doctor-command.ts), with the settings in .env beside those in the environment. */
import "dotenv/config";
import { exitOnOldNode } from "@tube/backend/node-version";

exitOnOldNode();
const [{ runAsProcess }, { doctorCommand }] = await Promise.all([import("./cli.ts"), import("./doctor-command.ts")]);
await runAsProcess(doctorCommand);
