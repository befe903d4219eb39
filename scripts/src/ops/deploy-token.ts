/** `npm run deploy-token` (deploy-token-command.ts), with the settings in .env beside those in the environment. */
import "dotenv/config";
import { runAsProcess } from "./cli.ts";
import { deployTokenCommand } from "./deploy-token-command.ts";

await runAsProcess(deployTokenCommand);
