/** `npm run claims` (claims-command.ts), with the settings in .env beside those in the environment. */
import "dotenv/config";
import { exitOnOldNode } from "@tube/backend/node-version";

exitOnOldNode();
const [{ runAsProcess }, { claimsCommand }] = await Promise.all([import("./cli.ts"), import("./claims-command.ts")]);
await runAsProcess(claimsCommand);
