/**
 * The server as plain JavaScript for production: backend/src/index.ts and the
 * workspace modules it imports (which export TypeScript) bundled into
 * backend/dist/index.js; npm packages stay external and load from node_modules,
 * so `node backend/dist/index.js` needs neither tsx nor TypeScript.
 */
import path from "node:path";
import { build } from "esbuild";

const BACKEND_DIR = path.resolve(import.meta.dirname, "../../backend");

await build({
  entryPoints: [path.join(BACKEND_DIR, "src/index.ts")],
  outfile: path.join(BACKEND_DIR, "dist/index.js"),
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
console.log(`server built → ${path.join(BACKEND_DIR, "dist/index.js")}`);
