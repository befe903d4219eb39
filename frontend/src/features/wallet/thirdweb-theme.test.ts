import { buttonRecipe, tokens } from "@chakra-ui/react/theme";
import { describe, expect, it } from "vitest";
import { MORE_WALLETS_BUTTON_STYLE, THIRDWEB_COLORS } from "./thirdweb-theme.ts";

const source = await import("./thirdweb-theme.ts?raw").then((module: { default: string }) => module.default);

/** A Chakra token's value by its path ("colors.gray.200"), from the default tokens the app's theme is built on. */
function token(path: string): string {
  const found = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tokens) as {
    value: string;
  };
  return found.value;
}
const px = (rem: string) => `${parseFloat(rem) * 16}px`;

describe("thirdweb theme", () => {
  it("when a colour names its Chakra token, then it holds that token's value", () => {
    const named = [...source.matchAll(/(\w+): "(#[0-9a-f]{6})", \/\/ (colors\.[\w.]+)/g)];
    expect(named).toHaveLength(Object.keys(THIRDWEB_COLORS).length);
    for (const [, key, value, path] of named) expect(value, `${key} (${path})`).toBe(token(path!).toLowerCase());
  });

  it("when the picker's button is drawn, then it has the height, corners and text size of the app's md buttons", () => {
    const md = buttonRecipe.variants?.size?.md as { h: string; textStyle: string };

    expect(MORE_WALLETS_BUTTON_STYLE.height).toBe(px(token(`sizes.${md.h}`)));
    // The recipe's corners are l2, which the default theme maps to radii.sm.
    expect(buttonRecipe.base?.borderRadius).toBe("l2");
    expect(MORE_WALLETS_BUTTON_STYLE.borderRadius).toBe(px(token("radii.sm")));
    expect(MORE_WALLETS_BUTTON_STYLE.fontSize).toBe(px(token(`fontSizes.${md.textStyle}`)));
  });
});
