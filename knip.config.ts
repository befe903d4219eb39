import type { KnipConfig } from "knip";

const config: KnipConfig = {
  // The workspaces export every file (`"./*": "./src/*.ts"`), so every file is an entry: check entries' exports too.
  includeEntryExports: true,
  // A type describing an exported function's parameters is exported with it.
  ignoreExportsUsedInFile: { interface: true, type: true },
  workspaces: {
    ".": {
      // The root's tests import the workspaces; `node` is the runtime; `typescript-native` is run by path.
      ignoreDependencies: ["@tube/common", "@tube/local-world", "node", "typescript-native"],
    },
    "local-world": {
      // Found by path at run time: anvil's binary, and the sources solc's import callback reads.
      ignoreDependencies: ["@foundry-rs/anvil", "@openzeppelin/contracts"],
    },
  },
};

export default config;
