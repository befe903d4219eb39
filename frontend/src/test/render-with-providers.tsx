import { ChakraProvider } from "@chakra-ui/react";
import type { PublicConfig } from "@tube/common/api";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import type { ReactElement, ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { system } from "../app/theme.ts";
import { Toaster } from "../components/ui/toaster.tsx";
import { PublicConfigContext } from "../lib/public-config.tsx";

/** A complete, fake public config; tests override only what they look at. */
export const TEST_PUBLIC_CONFIG: PublicConfig = {
  thirdwebClientId: "test-client-id",
  ecosystemId: "ecosystem.test",
  ecosystemPartnerId: "test-partner-id",
  walletConnectProjectId: "test-walletconnect-id",
  chainId: 42161,
  rpcUrl: "http://127.0.0.1:8545",
  explorerUrl: "https://arbiscan.io",
  tokenAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  youtubeChannelId: "UCtestChannel0000000000",
  googleClientId: "test-google-client-id.apps.googleusercontent.com",
  googleAuthUrl: "https://accounts.google.com/o/oauth2/v2/auth",
};

export interface RenderWithProvidersOptions {
  /** The URL the in-memory router starts at; defaults to "/". */
  route?: string;
  config?: Partial<PublicConfig>;
}

/** Renders `ui` inside Chakra, a fresh query client, a static public config, a memory router and the toaster. */
export function renderWithProviders(
  ui: ReactElement,
  { route = "/", config = {} }: RenderWithProvidersOptions = {},
): ReturnType<typeof render> & { user: UserEvent } {
  const publicConfig = { ...TEST_PUBLIC_CONFIG, ...config };
  // On /claim the route creates it (ADR 13); tests give each render a fresh one.
  const queryClient = new QueryClient();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <ChakraProvider value={system}>
        <Toaster />
        <QueryClientProvider client={queryClient}>
          <PublicConfigContext value={publicConfig}>
            <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
          </PublicConfigContext>
        </QueryClientProvider>
      </ChakraProvider>
    );
  }
  // No timer between a user's key and pointer events (each is acted on already): the wizard's tests waited on them.
  return Object.assign(render(ui, { wrapper: Wrapper }), { user: userEvent.setup({ delay: null }) });
}
