import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

const FRONTEND = "./frontend/src";
// Read from disk so a new feature is fenced in the day it is created.
const FEATURES = readdirSync(new URL(`${FRONTEND}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Imports flow one way, shared → features → app.
const frontendZones = [
  ...FEATURES.map((feature) => ({
    target: `${FRONTEND}/features/${feature}`,
    from: `${FRONTEND}/features`,
    except: [`./${feature}`],
    message: "A feature may not import another feature: compose them in frontend/src/app.",
  })),
  { target: `${FRONTEND}/features`, from: `${FRONTEND}/app`, message: "Features may not import the app." },
  {
    target: ["components", "hooks", "lib", "config", "types", "utils"].map((dir) => `${FRONTEND}/${dir}`),
    from: [`${FRONTEND}/features`, `${FRONTEND}/app`],
    message: "Shared code may not import features or the app.",
  },
];

// Workspaces (ADR 5): common imports none of ours, the stand-ins only common, backend and frontend not each other.
const workspaceZones = [
  { target: "./common", from: ["./backend", "./frontend", "./local-world", "./scripts", "./e2e"] },
  { target: "./local-world", from: ["./backend", "./frontend", "./scripts", "./e2e"] },
  { target: "./backend", from: ["./frontend", "./e2e"] },
  { target: "./frontend", from: ["./backend", "./scripts"], message: "The frontend talks to the backend over HTTP." },
];
const restrictedPaths = (zones) => ["error", { basePath: import.meta.dirname, zones }];

export default tseslint.config(
  { ignores: ["**/dist/**", "**/.data/**", "contracts/build/**", "test-results/**", "playwright-report/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["**/*.{js,mjs,cjs,ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: ["./tsconfig.json", "./frontend/tsconfig.json", "./e2e/tsconfig.json"],
        }),
        createNodeResolver(),
      ],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": restrictedPaths(workspaceZones),
    },
  },
  {
    files: ["frontend/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "import-x/no-restricted-paths": restrictedPaths([...workspaceZones, ...frontendZones]),
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    files: ["backend/src/**/*.ts"],
    ignores: ["backend/src/**/*.test.ts", "backend/src/test/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@tube/local-world", "@tube/local-world/*"], message: "Only tests start stand-ins." }] },
      ],
    },
  },
  {
    // Full zod builds its schemas when imported, a long task on a phone's first /claim load (ADR 15).
    files: ["frontend/src/**/*.{ts,tsx}"],
    ignores: ["frontend/src/**/*.test.{ts,tsx}", "frontend/src/test/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: ["@tube/common/api", "zod", "zod/v3", "zod/v4"].map((name) => ({
            name,
            allowTypeImports: true,
            message: "Full zod weighs on /claim's first load (ADR 15): use zod/mini (@tube/common/api-responses).",
          })),
        },
      ],
    },
  },
  {
    // The server's test files share one module graph (vitest.config.ts): a replaced module would leak into the next.
    files: ["{common,local-world,backend,scripts,contracts}/**/*.test.ts", "frontend/build/**/*.test.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        ...["mock", "doMock", "spyOn", "useFakeTimers", "stubEnv", "stubGlobal"].map((property) => ({
          object: "vi",
          property,
          message: "Server test files share one module graph: start a stand-in or pass the value in instead.",
        })),
      ],
    },
  },
  {
    files: ["**/*.test.{ts,tsx}", "backend/src/test/**", "e2e/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
