/** `npm run claims` (claims-command.ts), .env loaded. */
import "dotenv/config";
import { runAsProcess } from "./cli.ts";
import { claimsCommand } from "./claims-command.ts";

await runAsProcess(claimsCommand);
