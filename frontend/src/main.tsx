import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "./app/providers.tsx";
import { AppRoutes } from "./app/router.tsx";
import { forgetLegacyGoogleSession } from "./features/google-auth/google-session-keys.ts";
import "./styles/site.css";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html must contain an element with id 'root'");

forgetLegacyGoogleSession();

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders>
      <AppRoutes />
    </AppProviders>
  </StrictMode>,
);
