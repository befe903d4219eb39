/** `npm run deploy-token` (deploy-token-command.ts), .env loaded. */
import "dotenv/config";
import { runAsProcess } from "./cli.ts";
import { deployTokenCommand } from "./deploy-token-command.ts";

await runAsProcess(deployTokenCommand);
