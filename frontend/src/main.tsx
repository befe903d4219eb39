import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./app/router.tsx";
import { forgetLegacyGoogleSession } from "./features/google-auth/google-session-keys.ts";
import { PublicConfigProvider } from "./lib/public-config.tsx";
import "./styles/site.css";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html must contain an element with id 'root'");

forgetLegacyGoogleSession();

// Chakra is not here: only the routes that use it load it (ADR 12).
createRoot(rootElement).render(
  <StrictMode>
    <PublicConfigProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </PublicConfigProvider>
  </StrictMode>,
);
