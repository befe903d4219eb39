import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  progressSlotRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from "@chakra-ui/react/theme";

/** Palettes nothing here uses, left out of start-up's work; a colorPalette from this list would render unstyled. */
const UNUSED_PALETTES = ["teal", "cyan", "purple", "pink"];

function withoutUnusedPalettes<T extends object>(colors: T): T {
  return Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.includes(name))) as T;
}

/** No dark mode: each semantic token keeps only its `_light` value, so no dark set of variables is built. */
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
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors ?? {}) },
    semanticTokens: withLightValuesOnly({
      ...semanticTokens,
      colors: withoutUnusedPalettes(semanticTokens.colors ?? {}),
    }),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      progress: progressSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

const appConfig = defineConfig({
  globalCss: {
    "html, body": { bg: "bg.subtle", color: "fg" },
  },
  // The Done step's check mark.
  theme: { keyframes: { pop: { from: { scale: "0.4", opacity: 0 }, to: { scale: "1", opacity: 1 } } } },
});

/** The Chakra design system for the whole app (light mode only). */
export const system = createSystem(defaultBaseConfig, themeConfig, appConfig);
