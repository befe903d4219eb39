/** `npm run build`'s server step: server and operator commands bundled, so the image needs no node_modules; the
 * server its own chunk, so index.js checks Node's version before anything loads. */
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const ROOT = path.resolve(import.meta.dirname, "../..");
const OUT_DIR = path.join(ROOT, "backend/dist");

// Chunk names carry a hash: an earlier build's would stay behind.
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
  // A wallet SDK's optional peers, not installed: thirdweb loads them only on paths the server never takes.
  external: ["@x402/*"],
  // Bundled CommonJS `require`s Node's built-ins; an ES module has no `require`.
  banner: {
    js: "import { createRequire as newRequire } from 'node:module'; const require = newRequire(import.meta.url);",
  },
});
console.log(`server and operator commands built → ${path.relative(ROOT, OUT_DIR)}`);
