import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { system } from "../src/app/theme.ts";
import { chakraGlobalCss, renderChakraGlobalCss } from "./chakra-global-css.ts";

type Transform = (this: { error(message: string): never }, code: string, id: string) => { code: string } | undefined;

const transform = chakraGlobalCss().transform as Transform;
const context = {
  error(message: string): never {
    throw new Error(message);
  },
};
const installedCreateSystem = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@chakra-ui/react")),
  "../esm/styled-system/system.js",
);

describe("renderChakraGlobalCss", () => {
  it("when built from the app's system, then it holds the layer order first, then the reset, base styles and token variables", () => {
    const css = renderChakraGlobalCss(system);

    expect(css.startsWith("@layer reset,base,tokens,recipes;")).toBe(true);
    expect(css).toContain("@layer reset{");
    expect(css).toContain("@layer base{");
    expect(css).toContain("@layer tokens{");
    expect(css).toContain("--chakra-colors-red-solid:");
    expect(css).not.toContain("--chakra-colors-purple-500:");
  });
});

describe("the chakra-global-css plugin's transform", () => {
  it("when it meets the installed Chakra's createSystem, then the bundled one computes no global styles", () => {
    const result = transform.call(context, readFileSync(installedCreateSystem, "utf8"), installedCreateSystem);

    expect(result?.code).toContain("const _global = [];");
    expect(result?.code).not.toContain("getTokenCss()];");
  });

  it("when createSystem no longer computes the global styles as it did, then the build fails", () => {
    expect(() => transform.call(context, "export function createSystem() {}", installedCreateSystem)).toThrow(
      /no longer has/,
    );
  });

  it("when a module is not Chakra's createSystem, then it is left alone", () => {
    expect(transform.call(context, "const _global = 1;", "/app/src/main.tsx")).toBeUndefined();
  });
});
