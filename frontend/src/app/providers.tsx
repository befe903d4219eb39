import { ChakraProvider } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { BrowserRouter } from "react-router";
import { PublicConfigProvider } from "../lib/public-config.tsx";
import { system } from "./theme.ts";

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <PublicConfigProvider>
        <BrowserRouter>{children}</BrowserRouter>
      </PublicConfigProvider>
    </ChakraProvider>
  );
}
