/** The server's public settings, written into the page; GET /api/config is the fallback (the dev server). */
import type { PublicConfig } from "@tube/common/api-envelope";
import { PUBLIC_CONFIG_ELEMENT_ID } from "@tube/common/constants";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { LoadingScreen } from "../components/ui/loading-screen.tsx";
import { MessageScreen } from "../components/ui/message-screen.tsx";

/** Given a known config, it provides it without fetching (tests). */
export const PublicConfigContext = createContext<PublicConfig | null>(null);

export function usePublicConfig() {
  const config = useContext(PublicConfigContext);
  if (config === null) throw new Error("usePublicConfig() needs a PublicConfigProvider above it");
  return config;
}

/** Not checked with zod, which would cost the landing page (ADR 12). */
function embeddedConfig() {
  const text = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null ? (parsed as PublicConfig) : null;
  } catch {
    return null;
  }
}

/** Its client and schema load only when the page came without the config. */
async function fetchPublicConfig(signal: AbortSignal) {
  const [{ apiGet }, { publicConfigSchema }] = await Promise.all([
    import("./api-client.ts"),
    import("@tube/common/api-envelope"),
  ]);
  return apiGet("/api/config", publicConfigSchema, { signal });
}

export function PublicConfigProvider({ children }: { children: ReactNode }) {
  const [embedded] = useState(embeddedConfig);
  // The config, loading (null), or why it failed to load.
  const [state, setState] = useState<PublicConfig | string | null>(embedded);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (embedded) return;
    const controller = new AbortController();
    fetchPublicConfig(controller.signal).then(setState, (error: unknown) => {
      if (controller.signal.aborted) return;
      setState(error instanceof Error && error.name === "ApiError" ? error.message : "An unexpected error occurred.");
    });
    return () => controller.abort();
  }, [attempt, embedded]);

  if (state === null) return <LoadingScreen />;
  if (typeof state === "string") {
    const retry = () => {
      setState(null);
      setAttempt((n) => n + 1);
    };
    return (
      <MessageScreen
        title="TuBE Rewards could not start"
        text={state}
        actions={
          <button type="button" className="button button--red" onClick={retry}>
            Retry
          </button>
        }
      />
    );
  }
  return <PublicConfigContext value={state}>{children}</PublicConfigContext>;
}
