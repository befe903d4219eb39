import { describe, expect, it } from "vitest";
import type { Manifest } from "vite";
import { routePreloads, startupChunks } from "./route-preloads.ts";

/** A build manifest as Vite writes it: keyed by source module, or by `_file` for a chunk no module is the face of. */
const MANIFEST: Manifest = {
  "index.html": {
    file: "assets/index.js",
    src: "index.html",
    isEntry: true,
    imports: ["_react.js"],
    dynamicImports: ["src/app/routes/claim.tsx", "src/app/chakra-root.tsx"],
    css: ["assets/index.css"],
  },
  "_react.js": { file: "assets/react.js" },
  "src/app/routes/claim.tsx": {
    file: "assets/claim.js",
    src: "src/app/routes/claim.tsx",
    isDynamicEntry: true,
    imports: ["_react.js", "_wizard.js"],
    dynamicImports: ["src/features/wallet/runtime.tsx"],
    css: ["assets/claim.css"],
  },
  "_wizard.js": { file: "assets/wizard.js", imports: ["_query.js"], css: ["assets/index.css"] },
  "_query.js": { file: "assets/query.js" },
  "src/app/chakra-root.tsx": {
    file: "assets/chakra-root.js",
    src: "src/app/chakra-root.tsx",
    isDynamicEntry: true,
    imports: ["_emotion.js"],
  },
  "_emotion.js": { file: "assets/emotion.js" },
  "src/features/wallet/runtime.tsx": {
    file: "assets/wallet-runtime.js",
    src: "src/features/wallet/runtime.tsx",
    isDynamicEntry: true,
    imports: ["_thirdweb.js"],
  },
  "_thirdweb.js": { file: "assets/thirdweb.js" },
};

describe("route preloads", () => {
  it("when a route's modules import chunks statically and dynamically, then it gets their static closure beyond what index.html loads, then its CSS", () => {
    const preloads = routePreloads(
      MANIFEST,
      { "/claim": ["src/app/routes/claim.tsx", "src/app/chakra-root.tsx"] },
      "/",
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
      routePreloads(MANIFEST, { "/claim": ["src/app/routes/claim-renamed.tsx", "src/app/chakra-root.tsx"] }, "/"),
    ).toThrow(/src\/app\/routes\/claim-renamed\.tsx \(route \/claim\)/);
  });

  it("when the chunks a page starts with are listed for the compile hint, then they are index.html's and the routes' announced ones, never what loads later", () => {
    const preloads = routePreloads(
      MANIFEST,
      { "/claim": ["src/app/routes/claim.tsx", "src/app/chakra-root.tsx"] },
      "/",
    );

    expect(startupChunks(MANIFEST, preloads, "/").sort()).toEqual([
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
