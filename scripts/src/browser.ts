/** `npm run browser`: a fresh Chromium on `npm start`'s app, behind the e2e tests' network edge. */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import "dotenv/config";
import { CHROMIUM_PATH, chromiumFlags } from "@tube/local-world/chromium";
import { runningWorldOrExit } from "@tube/local-world/running-world";

const setup = runningWorldOrExit(path.resolve(process.env.DATA_DIR ?? ".data"));
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "tube-browser-"));
const chromium = spawn(
  CHROMIUM_PATH,
  [...chromiumFlags(setup.border), `--user-data-dir=${profile}`, `${setup.url}/claim`],
  { stdio: "ignore" },
);
chromium.on("exit", (code) => {
  fs.rmSync(profile, { recursive: true, force: true });
  process.exit(code ?? 0);
});
