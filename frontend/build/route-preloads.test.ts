import { describe, expect, it } from "vitest";
import type { Rolldown } from "vite";
import { routePreloads, startupChunks } from "./route-preloads.ts";

const ROOT = "/app/frontend";

/** Only the fields the walk reads; the rest of a real chunk does not matter to it. */
function chunk(
  fileName: string,
  fields: { facade?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] },
) {
  return {
    type: "chunk",
    fileName,
    isEntry: fields.isEntry ?? false,
    facadeModuleId: fields.facade ? `${ROOT}/${fields.facade}` : null,
    imports: fields.imports ?? [],
    dynamicImports: fields.dynamicImports ?? [],
    viteMetadata: { importedCss: new Set(fields.css ?? []), importedAssets: new Set() },
  };
}

function bundleOf(...chunks: ReturnType<typeof chunk>[]): Rolldown.OutputBundle {
  const assets = [{ type: "asset", fileName: "index.html" }];
  return Object.fromEntries(
    [...chunks, ...assets].map((output) => [output.fileName, output]),
  ) as unknown as Rolldown.OutputBundle;
}

const BUNDLE = bundleOf(
  chunk("assets/index.js", {
    facade: "index.html",
    isEntry: true,
    imports: ["assets/react.js"],
    dynamicImports: ["assets/claim.js", "assets/chakra-root.js"],
    css: ["assets/index.css"],
  }),
  chunk("assets/react.js", {}),
  chunk("assets/claim.js", {
    facade: "src/app/routes/claim.tsx",
    imports: ["assets/react.js", "assets/wizard.js"],
    dynamicImports: ["assets/wallet-runtime.js"],
    css: ["assets/claim.css"],
  }),
  chunk("assets/wizard.js", { imports: ["assets/query.js"], css: ["assets/index.css"] }),
  chunk("assets/query.js", {}),
  chunk("assets/chakra-root.js", { facade: "src/app/chakra-root.tsx", imports: ["assets/emotion.js"] }),
  chunk("assets/emotion.js", {}),
  chunk("assets/wallet-runtime.js", { facade: "src/features/wallet/runtime.tsx", imports: ["assets/thirdweb.js"] }),
  chunk("assets/thirdweb.js", {}),
);

describe("route preloads", () => {
  it("when a route's modules import chunks statically and dynamically, then it gets their static closure beyond what index.html loads, then its CSS", () => {
    const preloads = routePreloads(
      BUNDLE,
      { "/claim": ["src/app/routes/claim.tsx", "src/app/chakra-root.tsx"] },
      { root: ROOT, base: "/" },
    );
    expect(preloads).toEqual({
      "/claim": [
        "/assets/claim.js",
        "/assets/wizard.js",
        "/assets/query.js",
        "/assets/chakra-root.js",
        "/assets/emotion.js",
        "/assets/claim.css",
      ],
    });
  });

  it("when a listed module was built into no chunk of its own, then the build fails naming it and its route", () => {
    expect(() =>
      routePreloads(
        BUNDLE,
        { "/claim": ["src/app/routes/claim-renamed.tsx", "src/app/chakra-root.tsx"] },
        { root: ROOT, base: "/" },
      ),
    ).toThrow(/src\/app\/routes\/claim-renamed\.tsx \(route \/claim\)/);
  });

  it("when the chunks a page starts with are listed for the compile hint, then they are index.html's and the routes' announced ones, never what loads later", () => {
    const preloads = routePreloads(
      BUNDLE,
      { "/claim": ["src/app/routes/claim.tsx", "src/app/chakra-root.tsx"] },
      { root: ROOT, base: "/" },
    );

    expect(startupChunks(BUNDLE, preloads, "/").sort()).toEqual([
      "assets/chakra-root.js",
      "assets/claim.js",
      "assets/emotion.js",
      "assets/index.js",
      "assets/query.js",
      "assets/react.js",
      "assets/wizard.js",
    ]);
  });
});
