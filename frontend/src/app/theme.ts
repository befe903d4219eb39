import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import * as chakra from "@chakra-ui/react/theme";

/** Left out of start-up's work; a colorPalette from this list would render unstyled. */
const UNUSED_PALETTES = ["teal", "cyan", "purple", "pink"];

function withoutUnusedPalettes<T extends object>(colors: T): T {
  return Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.includes(name))) as T;
}

/** No dark mode: semantic tokens keep only their `_light` value, so no dark variables are built. */
function withLightValuesOnly<T>(node: T): T {
  if (typeof node !== "object" || node === null) return node;
  if ("value" in node && typeof node.value === "object" && node.value !== null && "_light" in node.value) {
    return { ...node, value: node.value._light };
  }
  return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, withLightValuesOnly(child)])) as T;
}

/** Chakra's default theme with only the recipes this app renders: a component added needs its recipe here. */
const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix: chakra.cssVarsPrefix,
  cssVarsRoot: chakra.cssVarsRoot,
  globalCss: chakra.globalCss,
  theme: {
    breakpoints: chakra.breakpoints,
    keyframes: chakra.keyframes,
    tokens: { ...chakra.tokens, colors: withoutUnusedPalettes(chakra.tokens.colors ?? {}) },
    semanticTokens: withLightValuesOnly({
      ...chakra.semanticTokens,
      colors: withoutUnusedPalettes(chakra.semanticTokens.colors ?? {}),
    }),
    textStyles: chakra.textStyles,
    layerStyles: chakra.layerStyles,
    animationStyles: chakra.animationStyles,
    recipes: {
      badge: chakra.badgeRecipe,
      button: chakra.buttonRecipe,
      container: chakra.containerRecipe,
      heading: chakra.headingRecipe,
      input: chakra.inputRecipe,
      link: chakra.linkRecipe,
      separator: chakra.separatorRecipe,
      spinner: chakra.spinnerRecipe,
    },
    slotRecipes: {
      alert: chakra.alertSlotRecipe,
      card: chakra.cardSlotRecipe,
      dataList: chakra.dataListSlotRecipe,
      dialog: chakra.dialogSlotRecipe,
      field: chakra.fieldSlotRecipe,
      list: chakra.listSlotRecipe,
      progress: chakra.progressSlotRecipe,
      toast: chakra.toastSlotRecipe,
      tooltip: chakra.tooltipSlotRecipe,
    },
  },
});

const appConfig = defineConfig({
  globalCss: {
    "html, body": { bg: "bg.subtle", color: "fg" },
  },
  theme: {
    // The Done step's check mark.
    keyframes: { pop: { from: { scale: "0.4", opacity: 0 }, to: { scale: "1", opacity: 1 } } },
    // Text needs 4.5:1. White on Chakra's green.600 is 3.3:1, on green.700 5:1; its red.500 on white is 3.8:1.
    semanticTokens: {
      colors: { green: { solid: { value: "{colors.green.700}" } }, fg: { error: { value: "{colors.red.600}" } } },
    },
    recipes: {
      // A 2 px blue ring where Chakra draws a 1 px grey one, which is hard to see.
      input: { base: { "--focus-color": "colors.blue.focusRing", "--focus-ring-width": "2px" } },
      // Chakra fades a solid button to 90 % on hover, which takes white text under 4.5:1; 95 % keeps it above.
      button: { variants: { variant: { solid: { _hover: { bg: "colorPalette.solid/95" } } } } },
    },
  },
});

export const system = createSystem(defaultBaseConfig, themeConfig, appConfig);
