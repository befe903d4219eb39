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
 * Writes `route-preloads.json` beside index.html, so the server can put each lazy route's chunks in that route's HTML
 * (ADR 0017): the browser fetches them with the entry instead of after it has run, and Vite's preload helper finds
 * them already in the document instead of appending one `<link>` at a time inside React's first render.
 */
export function routePreloadsPlugin(): Plugin {
  let root = "";
  let base = "";
  return {
    name: "tube:route-preloads",
    apply: "build",
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      this.emitFile({
        type: "asset",
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(routePreloads(bundle, LAZY_ROUTES, { root, base }), null, 2)}\n`,
      });
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
  const chunks = new Map(
    Object.values(bundle)
      .filter((output): output is Rolldown.OutputChunk => output.type === "chunk")
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const loadedByIndexHtml = staticClosure(
    [...chunks.values()].filter((chunk) => chunk.isEntry),
    chunks,
  );
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
