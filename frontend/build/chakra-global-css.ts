/**
 * Chakra's global CSS (the cascade layers' order, the reset, the base styles and every token's
 * CSS variable) as a stylesheet built with the app. In the browser Chakra would compute all of it
 * in createSystem and serialize it with emotion on the provider's first render: long tasks on
 * /claim's start-up on a phone (docs/performance.md). app/chakra-root.tsx imports the stylesheet and hands
 * the provider a system with nothing global left to insert, and the bundled createSystem no
 * longer computes the global styles at all (ADR 0016).
 */
import { ChakraProvider, type SystemContext } from "@chakra-ui/react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Plugin } from "vite";

const CHAKRA_GLOBAL_CSS_ID = "virtual:chakra-global.css";

/**
 * The CSS Chakra's provider inserts for `system`, in its order: emotion, rendering on a server,
 * writes each global style as a `<style>` element, through the same stylis plugins it runs in the browser.
 */
export function renderChakraGlobalCss(system: SystemContext): string {
  const markup = renderToStaticMarkup(createElement(ChakraProvider, { value: system, children: null }));
  return [...markup.matchAll(/<style data-emotion="[^"]*"[^>]*>([\s\S]*?)<\/style>/g)].map(([, css]) => css).join("\n");
}

/** Chakra's createSystem (styled-system/system.js) and the line that computes the global styles up front. */
const CREATE_SYSTEM_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER_GLOBALS = "const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];";

export function chakraGlobalCss(): Plugin {
  const resolvedId = `\0${CHAKRA_GLOBAL_CSS_ID}`;
  return {
    name: "tube:chakra-global-css",
    resolveId: (id) => (id === CHAKRA_GLOBAL_CSS_ID ? resolvedId : undefined),
    transform(code, id) {
      if (!CREATE_SYSTEM_MODULE.test(id)) return undefined;
      // About three quarters of createSystem's time, for styles the stylesheet already holds. A Chakra
      // release that computes them otherwise must fail the build, not quietly bring the cost back.
      // Here rather than in a patch of node_modules: load() below renders the stylesheet from the unpatched
      // createSystem, and tests and the dev server need it whole too.
      if (!code.includes(EAGER_GLOBALS)) this.error(`Chakra's createSystem no longer has "${EAGER_GLOBALS}"`);
      return { code: code.replace(EAGER_GLOBALS, "const _global = [];"), map: null };
    },
    async load(id) {
      if (id !== resolvedId) return undefined;
      // Loaded here, not with the config: only a build or a page that uses Chakra pays for it.
      const { system } = await import("../src/app/theme.ts");
      return renderChakraGlobalCss(system);
    },
  };
}
