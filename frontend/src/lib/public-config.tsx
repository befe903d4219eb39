/**
 * The server's public settings, shared through context, so nothing in the browser
 * hard-codes chain, token or channel. The server writes them into the page it serves,
 * so the first paint needs no round trip; GET /api/config is the fallback (dev server,
 * a page served without them).
 */
import { publicConfigSchema, type PublicConfig } from "@tube/common/api-envelope";
import { PUBLIC_CONFIG_ELEMENT_ID } from "@tube/common/constants";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { LoadingScreen } from "../components/ui/loading-screen.tsx";
import { MessageScreen } from "../components/ui/message-screen.tsx";
import { ApiError, apiGet } from "./api-client.ts";

const PublicConfigContext = createContext<PublicConfig | null>(null);

export function usePublicConfig(): PublicConfig {
  const config = useContext(PublicConfigContext);
  if (config === null) throw new Error("usePublicConfig() needs a PublicConfigProvider above it");
  return config;
}

/** Provides a known config without fetching (tests, stories). */
export function StaticPublicConfigProvider({ config, children }: { config: PublicConfig; children: ReactNode }) {
  return <PublicConfigContext.Provider value={config}>{children}</PublicConfigContext.Provider>;
}

type LoadState =
  { status: "loading" } | { status: "failed"; message: string } | { status: "ready"; config: PublicConfig };

/** The config the server wrote into the page, if it did and it has the contract's shape (else the API is asked). */
function embeddedConfig(): PublicConfig | null {
  const text = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = publicConfigSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function PublicConfigProvider({ children }: { children: ReactNode }) {
  const [embedded] = useState(embeddedConfig);
  const [state, setState] = useState<LoadState>(
    embedded ? { status: "ready", config: embedded } : { status: "loading" },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (embedded) return;
    const controller = new AbortController();
    apiGet("/api/config", publicConfigSchema, { signal: controller.signal }).then(
      (config) => setState({ status: "ready", config }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof ApiError ? error.message : "An unexpected error occurred.";
        setState({ status: "failed", message });
      },
    );
    return () => controller.abort();
  }, [attempt, embedded]);

  if (state.status === "loading") return <LoadingScreen />;
  if (state.status === "failed") {
    return (
      <ConfigErrorScreen
        message={state.message}
        onRetry={() => {
          setState({ status: "loading" });
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  return <StaticPublicConfigProvider config={state.config}>{children}</StaticPublicConfigProvider>;
}

function ConfigErrorScreen({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <MessageScreen
      title="TuBE Rewards could not start"
      text={message}
      actions={
        <button type="button" className="button button--red" onClick={onRetry}>
          Retry
        </button>
      }
    />
  );
}
