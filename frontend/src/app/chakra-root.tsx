import { ChakraProvider } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { system } from "./theme.ts";

/**
 * Chakra's provider and design system. Only the routes built with Chakra (the claim flow, the
 * OAuth callback) load this module, with their own chunk, so the static pages never download it (ADR 0012).
 */
export function ChakraRoot({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
