/** Chakra's global CSS as a stylesheet built with the app, not computed in the browser on start-up (ADR 16). */
import { ChakraProvider, type SystemContext } from "@chakra-ui/react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Plugin } from "vite";

const CHAKRA_GLOBAL_CSS_ID = "virtual:chakra-global.css";

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
      // Most of createSystem's time; a Chakra release that moves these fails the build.
      if (!code.includes(EAGER_GLOBALS)) this.error(`Chakra's createSystem no longer has "${EAGER_GLOBALS}"`);
      return { code: code.replace(EAGER_GLOBALS, "const _global = [];"), map: null };
    },
    async load(id) {
      if (id !== resolvedId) return undefined;
      const { system } = await import("../src/app/theme.ts");
      return renderChakraGlobalCss(system);
    },
  };
}
