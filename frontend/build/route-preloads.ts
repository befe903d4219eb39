import fs from "node:fs/promises";
import path from "node:path";
import type { Plugin, Rolldown } from "vite";
import { GOOGLE_CALLBACK_PATH, ROUTE_PRELOADS_FILE } from "@tube/common/constants";

const CHAKRA_ROOT = "src/app/chakra-root.tsx";

/**
 * Route path → the source modules (relative to the frontend root) its lazy import loads. Must follow
 * `src/app/router.tsx`: every route wrapped in `withChakra` there is listed here with its page module and chakra-root.
 */
const LAZY_ROUTES: Readonly<Record<string, readonly string[]>> = {
  "/claim": ["src/app/routes/claim.tsx", CHAKRA_ROOT],
  [GOOGLE_CALLBACK_PATH]: ["src/features/google-auth/google-callback-page.tsx", CHAKRA_ROOT],
};

/** Route path → the `/assets/...` files to announce in that route's HTML, JS first, then CSS. */
type RoutePreloads = Record<string, string[]>;

/**
 * V8's explicit compile hint (Chrome 136 and later; other engines read a comment): every function of the file is
 * compiled as it downloads, off the main thread, instead of on the main thread at its first call. The lazy compiles
 * of a start-up chunk's functions were a good part of /claim's long tasks on a phone (ADR 0017).
 */
export const EAGER_COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Writes `route-preloads.json` beside index.html, so the server can put each lazy route's chunks in that route's HTML
 * (ADR 0017): the browser fetches them with the entry instead of after it has run, and Vite's preload helper finds
 * them already in the document instead of appending one `<link>` at a time inside React's first render.
 */
export function routePreloadsPlugin(): Plugin {
  let root = "";
  let base = "";
  let preloads: RoutePreloads = {};
  return {
    name: "tube:route-preloads",
    apply: "build",
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      preloads = routePreloads(bundle, LAZY_ROUTES, { root, base });
      this.emitFile({
        type: "asset",
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
    // On the written files: Vite still writes at the top of chunks after every plugin's generateBundle, and the hint
    // must be a file's first line. (The .br/.gz twins are made later, in closeBundle.)
    async writeBundle({ dir }, bundle) {
      await Promise.all(
        startupChunks(bundle, preloads, base).map(async (fileName) => {
          const file = path.join(dir ?? "", fileName);
          await fs.writeFile(file, EAGER_COMPILE_HINT + (await fs.readFile(file, "utf8")));
        }),
      );
    },
  };
}

/**
 * For each route, its modules' chunks and their transitive static imports, minus what index.html already loads (the
 * entry chunk and its static imports), plus their CSS. Dynamic imports are never followed: what they load (the
 * wallet SDK) must stay unloaded until the page asks for it (ADR 0013).
 */
export function routePreloads(
  bundle: Rolldown.OutputBundle,
  routes: Readonly<Record<string, readonly string[]>>,
  { root, base }: { root: string; base: string },
): RoutePreloads {
  const chunks = chunksOf(bundle);
  const loadedByIndexHtml = entryClosure(chunks);
  const cssLoadedByIndexHtml = new Set(loadedByIndexHtml.flatMap(cssOf));

  const byFacade = new Map([...chunks.values()].map((chunk) => [chunk.facadeModuleId, chunk]));
  return Object.fromEntries(
    Object.entries(routes).map(([route, modules]) => {
      const routeChunks = modules.map((module) => {
        const chunk = byFacade.get(path.resolve(root, module));
        // Loud, so a renamed or merged module cannot silently drop the hints.
        if (!chunk)
          throw new Error(
            `route-preloads: no chunk is built from ${module} (route ${route}); update LAZY_ROUTES to follow src/app/router.tsx`,
          );
        return chunk;
      });
      const needed = staticClosure(routeChunks, chunks).filter((chunk) => !loadedByIndexHtml.includes(chunk));
      const css = [...new Set(needed.flatMap(cssOf))].filter((file) => !cssLoadedByIndexHtml.has(file));
      return [route, [...needed.map((chunk) => chunk.fileName), ...css].map((file) => `${base}${file}`)];
    }),
  );
}

/**
 * The chunks a page runs as it starts, which get the compile hint: index.html's and each lazy route's announced
 * ones. Never what loads later (the wallet SDK, the success dialog): compiling code that may never run would only
 * cost the phone's memory and cores.
 */
export function startupChunks(bundle: Rolldown.OutputBundle, preloads: RoutePreloads, base: string): string[] {
  const chunks = chunksOf(bundle);
  const announced = Object.values(preloads)
    .flat()
    .map((url) => url.slice(base.length))
    .filter((fileName) => chunks.has(fileName));
  return [...new Set([...entryClosure(chunks).map((chunk) => chunk.fileName), ...announced])];
}

function chunksOf(bundle: Rolldown.OutputBundle): Map<string, Rolldown.OutputChunk> {
  return new Map(
    Object.values(bundle)
      .filter((output): output is Rolldown.OutputChunk => output.type === "chunk")
      .map((chunk) => [chunk.fileName, chunk]),
  );
}

/** What index.html loads: the entry chunk and its static imports. */
function entryClosure(chunks: Map<string, Rolldown.OutputChunk>): Rolldown.OutputChunk[] {
  return staticClosure(
    [...chunks.values()].filter((chunk) => chunk.isEntry),
    chunks,
  );
}

/** The chunks and everything they import statically, each once, in the order the walk meets them. */
function staticClosure(start: Rolldown.OutputChunk[], chunks: Map<string, Rolldown.OutputChunk>) {
  const seen = new Set<Rolldown.OutputChunk>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const file of chunk.imports) {
      const imported = chunks.get(file);
      if (imported) visit(imported);
    }
  };
  start.forEach(visit);
  return [...seen];
}

function cssOf(chunk: Rolldown.OutputChunk): string[] {
  return [...(chunk.viteMetadata?.importedCss ?? [])];
}
