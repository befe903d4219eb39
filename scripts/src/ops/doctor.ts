/** `npm run doctor` (doctor-command.ts), .env loaded. */
import "dotenv/config";
import { runAsProcess } from "./cli.ts";
import { doctorCommand } from "./doctor-command.ts";

await runAsProcess(doctorCommand);
