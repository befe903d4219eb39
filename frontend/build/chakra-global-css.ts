/**
 * Chakra's global CSS (the cascade layers' order, the reset, the base styles and every token's
 * CSS variable) as a stylesheet built with the app. Chakra's provider would otherwise serialize
 * all of it with emotion in the browser on its first render, a long task on /claim's start-up on
 * a phone (issue 10). app/chakra-root.tsx imports the stylesheet and hands the provider a system
 * with nothing global left to insert (ADR 0015).
 */
import { ChakraProvider, type SystemContext } from "@chakra-ui/react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Plugin } from "vite";

export const CHAKRA_GLOBAL_CSS_ID = "virtual:chakra-global.css";

/**
 * The CSS Chakra's provider inserts for `system`, in its order: emotion, rendering on a server,
 * writes each global style as a `<style>` element, through the same stylis plugins it runs in the browser.
 */
export function renderChakraGlobalCss(system: SystemContext): string {
  const markup = renderToStaticMarkup(createElement(ChakraProvider, { value: system, children: null }));
  return [...markup.matchAll(/<style data-emotion="[^"]*"[^>]*>([\s\S]*?)<\/style>/g)].map(([, css]) => css).join("\n");
}

export function chakraGlobalCss(): Plugin {
  const resolvedId = `\0${CHAKRA_GLOBAL_CSS_ID}`;
  return {
    name: "tube:chakra-global-css",
    resolveId: (id) => (id === CHAKRA_GLOBAL_CSS_ID ? resolvedId : undefined),
    async load(id) {
      if (id !== resolvedId) return undefined;
      // Loaded here, not with the config: only a build or a page that uses Chakra pays for it.
      const { system } = await import("../src/app/theme.ts");
      return renderChakraGlobalCss(system);
    },
  };
}
