/**
 * The server and the operator commands as plain JavaScript for production: backend/src/entry.ts and
 * scripts/src/ops/{claims,doctor,deploy-token}.ts with the workspace modules they import (which export TypeScript)
 * bundled into backend/dist; npm packages stay external and load from node_modules, so `node backend/dist/index.js`
 * and `node backend/dist/claims.js` need neither tsx nor TypeScript.
 * backend/dist/index.js itself is backend/src/entry.ts, the Node version check: the server it then loads is split
 * into a chunk of its own, so that nothing the server imports loads before the check.
 */
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { newestChange } from "./newest-change.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const OUT_DIR = path.join(ROOT, "backend/dist");

/**
 * The operator commands, each `backend/dist/<name>.js`. They sit directly in backend/dist, two levels below the
 * repository like the sources they bundle, because local-world's contract artifacts find contracts/ relative to their
 * own module's URL.
 */
const OPERATOR_COMMANDS = ["claims", "doctor", "deploy-token"] as const;
type OperatorCommand = (typeof OPERATOR_COMMANDS)[number];

/** Where `npm run <name>` finds an operator command once built. */
export function compiledOperatorCommand(name: OperatorCommand): string {
  return path.join(OUT_DIR, `${name}.js`);
}

// What the build bundles (tests are not part of it, but for the test world's server and its tunings), and this file,
// which says how.
const SOURCES = [
  "backend/src",
  "backend/src/test/tuned-server.ts",
  "backend/src/test/test-tuning.ts",
  "common/src",
  "local-world/src",
  "scripts/src/ops",
  "backend/package.json",
  "scripts/src/server-bundle.ts",
];

export async function buildServer(): Promise<void> {
  // Chunk names carry a hash: an earlier build's would otherwise stay behind.
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
  await build({
    entryPoints: [
      { in: path.join(ROOT, "backend/src/entry.ts"), out: "index" },
      // The server processes integration tests start and kill, on the test world's tunings; production never runs it.
      { in: path.join(ROOT, "backend/src/test/tuned-server.ts"), out: "tuned-server" },
      ...OPERATOR_COMMANDS.map((name) => ({ in: path.join(ROOT, `scripts/src/ops/${name}.ts`), out: name })),
    ],
    outdir: OUT_DIR,
    splitting: true,
    chunkNames: "server-[hash]",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    sourcemap: true,
    logLevel: "warning",
    plugins: [
      {
        name: "npm-packages-external",
        setup(builder) {
          // Bare specifiers are npm packages or node: built-ins, except our workspaces (@tube/*).
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@tube/") ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  // On stderr: an operator command's stdout (an export) stays only its own.
  console.error(`server and operator commands built → ${path.relative(ROOT, OUT_DIR)}`);
}

/** Builds backend/dist only when it is missing or older than a source; resolves to whether it built. */
export async function buildServerWhenStale(): Promise<boolean> {
  const builtAt = fs.statSync(path.join(OUT_DIR, "index.js"), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (newestChange(SOURCES.map((source) => path.join(ROOT, source))) < builtAt) return false;
  await buildServer();
  return true;
}
