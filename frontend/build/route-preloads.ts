import fs from "node:fs/promises";
import path from "node:path";
import type { Manifest, ManifestChunk, Plugin } from "vite";
import { PAGE_PATHS } from "@tube/common/app-pages";
import { ROUTE_PRELOADS_FILE } from "@tube/common/constants";

const CHAKRA_ROOT = "src/app/chakra-root.tsx";

/**
 * Route path → the source modules (relative to the frontend root, as Vite's build manifest names them) its lazy import loads. Must follow
 * `src/app/router.tsx`: every route wrapped in `withChakra` there is listed here with its page module and chakra-root.
 */
const LAZY_ROUTES: Readonly<Record<string, readonly string[]>> = {
  [PAGE_PATHS.claim]: ["src/app/routes/claim.tsx", CHAKRA_ROOT],
  [PAGE_PATHS.googleCallback]: ["src/features/google-auth/google-callback-page.tsx", CHAKRA_ROOT],
};

/** Route path → the `/assets/...` files to announce in that route's HTML, JS first, then CSS. */
type RoutePreloads = Record<string, string[]>;

/**
 * V8's explicit compile hint (Chrome 136 and later; other engines read a comment): every function of the file is
 * compiled as it downloads, off the main thread, instead of on the main thread at its first call. The lazy compiles
 * of a start-up chunk's functions were a good part of /claim's long tasks on a phone (ADR 0017).
 */
const EAGER_COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** Where Vite writes its build manifest (`build.manifest: true`), relative to the output directory. */
const MANIFEST_DIR = ".vite";
const MANIFEST_FILE = path.join(MANIFEST_DIR, "manifest.json");

/**
 * Writes `route-preloads.json` beside index.html, so the server can put each lazy route's chunks in that route's HTML
 * (ADR 0017): the browser fetches them with the entry instead of after it has run, and Vite's preload helper finds
 * them already in the document instead of appending one `<link>` at a time inside React's first render. The chunk
 * graph is read from Vite's own build manifest.
 */
export function routePreloadsPlugin(): Plugin {
  let base = "";
  return {
    name: "tube:route-preloads",
    apply: "build",
    config: () => ({ build: { manifest: true } }),
    configResolved(config) {
      base = config.base;
    },
    // On the written files: Vite still writes at the top of chunks after every plugin's generateBundle, and the hint
    // must be a file's first line. (The .br/.gz twins are made later, in closeBundle.)
    async writeBundle({ dir }) {
      const outDir = dir ?? "";
      const manifest = JSON.parse(await fs.readFile(path.join(outDir, MANIFEST_FILE), "utf8")) as Manifest;
      const preloads = routePreloads(manifest, LAZY_ROUTES, base);
      await fs.writeFile(path.join(outDir, ROUTE_PRELOADS_FILE), `${JSON.stringify(preloads, null, 2)}\n`);
      await Promise.all(
        startupChunks(manifest, preloads, base).map(async (fileName) => {
          const file = path.join(outDir, fileName);
          await fs.writeFile(file, EAGER_COMPILE_HINT + (await fs.readFile(file, "utf8")));
        }),
      );
      // The manifest is this plugin's input, not a site file: the server would otherwise index it.
      await fs.rm(path.join(outDir, MANIFEST_DIR), { recursive: true });
    },
  };
}

/**
 * For each route, its modules' chunks and their transitive static imports, minus what index.html already loads (the
 * entry chunk and its static imports), plus their CSS. Dynamic imports are never followed: what they load (the
 * wallet SDK) must stay unloaded until the page asks for it (ADR 0013).
 */
export function routePreloads(
  manifest: Manifest,
  routes: Readonly<Record<string, readonly string[]>>,
  base: string,
): RoutePreloads {
  const loadedByIndexHtml = entryClosure(manifest);
  const cssLoadedByIndexHtml = new Set(loadedByIndexHtml.flatMap(cssOf));
  return Object.fromEntries(
    Object.entries(routes).map(([route, modules]) => {
      const routeChunks = modules.map((module) => {
        const chunk = manifest[module];
        // Loud, so a renamed or merged module cannot silently drop the hints.
        if (!chunk)
          throw new Error(
            `route-preloads: no chunk is built from ${module} (route ${route}); update LAZY_ROUTES to follow src/app/router.tsx`,
          );
        return chunk;
      });
      const needed = staticClosure(routeChunks, manifest).filter((chunk) => !loadedByIndexHtml.includes(chunk));
      const css = [...new Set(needed.flatMap(cssOf))].filter((file) => !cssLoadedByIndexHtml.has(file));
      return [route, [...needed.map((chunk) => chunk.file), ...css].map((file) => `${base}${file}`)];
    }),
  );
}

/**
 * The chunks a page runs as it starts, which get the compile hint: index.html's and each lazy route's announced
 * ones. Never what loads later (the wallet SDK, the success dialog): compiling code that may never run would only
 * cost the phone's memory and cores.
 */
export function startupChunks(manifest: Manifest, preloads: RoutePreloads, base: string): string[] {
  const scripts = new Set(Object.values(manifest).map((chunk) => chunk.file));
  const announced = Object.values(preloads)
    .flat()
    .map((url) => url.slice(base.length))
    .filter((fileName) => scripts.has(fileName));
  return [...new Set([...entryClosure(manifest).map((chunk) => chunk.file), ...announced])];
}

/** What index.html loads: the entry chunk and its static imports. */
function entryClosure(manifest: Manifest): ManifestChunk[] {
  return staticClosure(
    Object.values(manifest).filter((chunk) => chunk.isEntry),
    manifest,
  );
}

/** The chunks and everything they import statically, each once, in the order the walk meets them. */
function staticClosure(start: ManifestChunk[], manifest: Manifest): ManifestChunk[] {
  const seen = new Set<ManifestChunk>();
  const visit = (chunk: ManifestChunk) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (imported) visit(imported);
    }
  };
  start.forEach(visit);
  return [...seen];
}

function cssOf(chunk: ManifestChunk): string[] {
  return chunk.css ?? [];
}
