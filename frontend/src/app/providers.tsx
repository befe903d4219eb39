import type { ReactNode } from "react";
import { BrowserRouter } from "react-router";
import { PublicConfigProvider } from "../lib/public-config.tsx";

/** What every page needs. Chakra is not here: only the routes that use it load it (app/chakra-root.tsx, ADR 0012). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <PublicConfigProvider>
      <BrowserRouter>{children}</BrowserRouter>
    </PublicConfigProvider>
  );
}
