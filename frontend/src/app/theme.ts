import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";

const config = defineConfig({
  globalCss: {
    "html, body": { bg: "bg.subtle", color: "fg" },
  },
});

/** The Chakra design system for the whole app (light mode only). */
export const system = createSystem(defaultConfig, config);
