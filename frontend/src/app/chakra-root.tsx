import "virtual:chakra-global.css";
import { ChakraProvider, type SystemContext } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { system } from "./theme.ts";

/**
 * The app's system with its global styles left out: the stylesheet imported above holds them, built
 * from this very system (frontend/build/chakra-global-css.ts), so the provider's first render inserts
 * nothing global. `_global` and `_config` are Chakra's own fields: the provider reads them only to insert those styles.
 */
const systemWithPrebuiltGlobals: SystemContext = {
  ...system,
  _global: [],
  _config: { ...system._config, disableLayers: true },
};

/**
 * Chakra's provider and design system. Only the routes built with Chakra (the claim flow, the
 * OAuth callback) load this module, with their own chunk, so the static pages never download it (ADR 0012).
 */
export function ChakraRoot({ children }: { children: ReactNode }) {
  return <ChakraProvider value={systemWithPrebuiltGlobals}>{children}</ChakraProvider>;
}
