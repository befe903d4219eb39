/** `npm run claims` (claims-command.ts), with the settings in .env beside those in the environment. */
import "dotenv/config";
import { runAsProcess } from "./cli.ts";
import { claimsCommand } from "./claims-command.ts";

await runAsProcess(claimsCommand);
