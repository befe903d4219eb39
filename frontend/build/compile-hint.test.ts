import { describe, expect, it } from "vitest";
import type { Rolldown } from "vite";
import { startupChunks } from "./compile-hint.ts";

const chunk = (fileName: string, imports: string[], isEntry = false) => ({
  type: "chunk",
  fileName,
  imports,
  dynamicImports: [],
  isEntry,
});

/** An output bundle as Vite hands it to writeBundle: the entry, its static imports, lazy chunks and an asset. */
const BUNDLE = Object.fromEntries(
  [
    { ...chunk("assets/index.js", ["assets/react.js"], true), dynamicImports: ["assets/claim.js"] },
    chunk("assets/react.js", ["assets/scheduler.js"]),
    chunk("assets/scheduler.js", []),
    chunk("assets/claim.js", ["assets/react.js", "assets/chakra.js"]),
    chunk("assets/chakra.js", []),
    { type: "asset", fileName: "assets/index.css" },
  ].map((output) => [output.fileName, output]),
) as unknown as Rolldown.OutputBundle;

describe("startupChunks", () => {
  it("when the bundle has an entry with static and dynamic imports, then the hinted chunks are the entry and its static closure, never a lazy chunk", () => {
    expect(startupChunks(BUNDLE).sort()).toEqual(["assets/index.js", "assets/react.js", "assets/scheduler.js"]);
  });
});
