import fs from "node:fs/promises";
import path from "node:path";
import type { Plugin, Rolldown } from "vite";

/** V8's explicit compile hint: every function of the file is compiled as it downloads, off the main thread. */
const EAGER_COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** Puts the compile hint atop the chunks every page starts with (ADR 13). */
export function compileHintPlugin(): Plugin {
  return {
    name: "tube:compile-hint",
    apply: "build",
    // On the written files: Vite still writes atop chunks after generateBundle, and the hint must be the first line.
    async writeBundle({ dir }, bundle) {
      await Promise.all(
        startupChunks(bundle).map(async (fileName) => {
          const file = path.join(dir ?? "", fileName);
          await fs.writeFile(file, EAGER_COMPILE_HINT + (await fs.readFile(file, "utf8")));
        }),
      );
    },
  };
}

/** index.html's chunks: the entry and its static imports, never what loads later (a lazy route, the wallet SDK). */
export function startupChunks(bundle: Rolldown.OutputBundle): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== "chunk" || seen.has(fileName)) return;
    seen.add(fileName);
    chunk.imports.forEach(visit);
  };
  for (const output of Object.values(bundle)) if (output.type === "chunk" && output.isEntry) visit(output.fileName);
  return [...seen];
}
