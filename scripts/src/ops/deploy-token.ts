/** `npm run deploy-token` (deploy-token-command.ts), .env loaded. */
import "dotenv/config";
import { exitOnOldNode } from "@tube/backend/node-version";

exitOnOldNode();
const [{ runAsProcess }, { deployTokenCommand }] = await Promise.all([
  import("./cli.ts"),
  import("./deploy-token-command.ts"),
]);
await runAsProcess(deployTokenCommand);
