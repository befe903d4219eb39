/**
 * `npm run build`'s server step: backend/src/entry.ts and the operator commands (scripts/src/ops/<name>.ts), with the
 * workspace modules they import, bundled into backend/dist as plain JavaScript, so production runs them without tsx.
 * npm packages stay external. index.js is the Node version check alone: the server it loads is a chunk of its own, so
 * nothing the server imports loads before the check. The commands sit directly in backend/dist, two levels below the
 * repository like their sources, because local-world's contract artifacts find contracts/ relative to their own URL.
 */
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const ROOT = path.resolve(import.meta.dirname, "../..");
const OUT_DIR = path.join(ROOT, "backend/dist");

// Chunk names carry a hash: an earlier build's would otherwise stay behind.
fs.rmSync(OUT_DIR, { recursive: true, force: true });
await build({
  entryPoints: [
    { in: path.join(ROOT, "backend/src/entry.ts"), out: "index" },
    ...["claims", "doctor", "deploy-token"].map((name) => ({
      in: path.join(ROOT, `scripts/src/ops/${name}.ts`),
      out: name,
    })),
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
console.log(`server and operator commands built → ${path.relative(ROOT, OUT_DIR)}`);
