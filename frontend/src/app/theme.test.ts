import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { system } from "./theme.ts";

const SRC = path.join(import.meta.dirname, "..");

/** Every colorPalette="…" the app's components name. */
function palettesInSource(): Set<string> {
  const files = readdirSync(SRC, { recursive: true, encoding: "utf8" }).filter(
    (file) => file.endsWith(".tsx") && !file.endsWith(".test.tsx"),
  );
  const palettes = files.flatMap((file) =>
    [...readFileSync(path.join(SRC, file), "utf8").matchAll(/colorPalette="(\w+)"/g)].map(([, name]) => name!),
  );
  return new Set(palettes);
}

describe("the app's theme", () => {
  it("when a component names a colorPalette, then the theme keeps that palette's tokens", () => {
    const palettes = palettesInSource();
    expect(palettes.size).toBeGreaterThan(2);
    for (const palette of [...palettes, "gray", "orange"]) {
      expect(system.token(`colors.${palette}.solid`, "missing"), palette).not.toBe("missing");
      expect(system.token(`colors.${palette}.500`, "missing"), palette).not.toBe("missing");
    }
  });

  it("when a palette is unused, then its tokens are left out", () => {
    expect(system.token("colors.purple.500", "missing")).toBe("missing");
  });

  it("when a semantic token has a dark value, then only its light one is kept (the app has no dark mode)", () => {
    const css = JSON.stringify(system.getTokenCss());

    expect(css).not.toContain(".dark");
    expect(css).toContain('"--chakra-colors-bg-subtle":"var(--chakra-colors-gray-50)"');
  });
});
