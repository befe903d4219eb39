/**
 * The server as plain JavaScript for production: backend/src/index.ts and the
 * workspace modules it imports (which export TypeScript) bundled into
 * backend/dist; npm packages stay external and load from node_modules,
 * so `node backend/dist/index.js` needs neither tsx nor TypeScript.
 * backend/dist/index.js itself is backend/src/entry.ts, the Node version check: the server it then
 * loads is split into a chunk of its own, so that nothing the server imports loads before the check.
 */
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const BACKEND_DIR = path.resolve(import.meta.dirname, "../../backend");
const OUT_DIR = path.join(BACKEND_DIR, "dist");

// Chunk names carry a hash: an earlier build's would otherwise stay behind.
fs.rmSync(OUT_DIR, { recursive: true, force: true });
await build({
  entryPoints: [{ in: path.join(BACKEND_DIR, "src/entry.ts"), out: "index" }],
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
console.log(`server built → ${path.join(OUT_DIR, "index.js")}`);
