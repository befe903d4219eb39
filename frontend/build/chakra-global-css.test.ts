import { describe, expect, it } from "vitest";
import { system } from "../src/app/theme.ts";
import { renderChakraGlobalCss } from "./chakra-global-css.ts";

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
