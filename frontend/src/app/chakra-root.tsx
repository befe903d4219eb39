import "virtual:chakra-global.css";
import { ChakraProvider, type SystemContext } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { system } from "./theme.ts";

/** The system without its global styles: the stylesheet above holds them. */
const systemWithPrebuiltGlobals: SystemContext = {
  ...system,
  _global: [],
  _config: { ...system._config, disableLayers: true },
};

export function ChakraRoot({ children }: { children: ReactNode }) {
  return <ChakraProvider value={systemWithPrebuiltGlobals}>{children}</ChakraProvider>;
}
