import type { KnipConfig } from "knip";

/**
 * Keeps unused files, dependencies and exports at zero (`npm run lint` runs it). Its plugins find the vitest,
 * Playwright, Vite and eslint configs with the tests, specs, setup files and build plugins they name, and the CLIs
 * that package.json scripts run through tsx.
 */
const config: KnipConfig = {
  // The workspaces export every source file (`"./*": "./src/*.ts"`), so each of their files is an entry (which is
  // also why backend/src/entry.ts, bundled by esbuild, and the bench's forked app-entry.ts need no entry here). An
  // entry's exports would count as public API; checking them too keeps an export only where another module imports
  // it, and shows a dead file there as exports nobody imports.
  includeEntryExports: true,
  // A type that describes an exported function's parameters is exported with it, whether or not a caller names it.
  ignoreExportsUsedInFile: { interface: true, type: true },
  workspaces: {
    ".": {
      // The root's tests (contracts/, e2e/) import the workspaces npm links at the root; `node` is the Node 24
      // runtime that npm scripts run on, never imported; `typescript-native` (TypeScript 7) is the typecheck's
      // compiler, run by path because its `tsc` binary shares a name with TypeScript 5's, which the linters load.
      ignoreDependencies: ["@tube/common", "@tube/local-world", "node", "typescript-native"],
    },
    "local-world": {
      // Both are found by path at run time: the anvil binary through its platform package, the OpenZeppelin sources
      // by solc's import callback.
      ignoreDependencies: ["@foundry-rs/anvil", "@openzeppelin/contracts"],
    },
  },
};

export default config;
