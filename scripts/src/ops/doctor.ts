/** `npm run doctor` (doctor-command.ts), .env loaded. */
import "dotenv/config";
import { exitOnOldNode } from "@tube/backend/node-version";

exitOnOldNode();
const [{ runAsProcess }, { doctorCommand }] = await Promise.all([import("./cli.ts"), import("./doctor-command.ts")]);
await runAsProcess(doctorCommand);
