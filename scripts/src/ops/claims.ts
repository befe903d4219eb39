/** `npm run claims` (claims-command.ts), .env loaded. */
import "dotenv/config";
import { exitOnOldNode } from "@tube/backend/node-version";

exitOnOldNode();
const [{ runAsProcess }, { claimsCommand }] = await Promise.all([import("./cli.ts"), import("./claims-command.ts")]);
await runAsProcess(claimsCommand);
