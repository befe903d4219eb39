/** `npm run doctor` (doctor-command.ts), with the settings in .env beside those in the environment. */
import "dotenv/config";
import { runAsProcess } from "./cli.ts";
import { doctorCommand } from "./doctor-command.ts";

await runAsProcess(doctorCommand);
