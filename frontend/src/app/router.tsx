import { Suspense, lazy, type ComponentType } from "react";
import { Route, Routes } from "react-router";
import { PAGE_PATHS } from "@tube/common/app-pages";
import { LoadingScreen } from "../components/ui/loading-screen.tsx";
import { GoogleCallbackPage } from "../features/google-auth/google-callback-page.tsx";
import { LandingPage } from "../features/landing/landing-page.tsx";
// In the first download: a legal page opened from a link paints without a second round trip.
import { LEGAL_DOCUMENTS } from "../features/legal/legal-documents.ts";
import { LegalDocumentPage } from "../features/legal/legal-document-page.tsx";
import { NotFoundPage } from "../features/not-found/not-found-page.tsx";
import { RouteErrorBoundary } from "./route-error-boundary.tsx";
import { useRouteChange } from "./use-route-change.ts";

/** A page loaded with Chakra and wrapped in it: the static pages never download Chakra (ADR 0012). */
function withChakra(loadPage: () => Promise<{ default: ComponentType }>) {
  return () =>
    Promise.all([loadPage(), import("./chakra-root.tsx").then((module) => module.ChakraRoot)]).then(
      ([{ default: Page }, ChakraRoot]) => ({
        default: function ChakraPage() {
          return (
            <ChakraRoot>
              <Page />
            </ChakraRoot>
          );
        },
      }),
    );
}

const loadClaimPage = withChakra(() => import("./routes/claim.tsx"));
const ClaimPage = lazy(loadClaimPage);
// Started on hover or focus of the landing page's call to action; a failed preload is retried by the navigation.
const preloadClaimPage = () => void loadClaimPage().catch(() => undefined);

export function AppRoutes() {
  useRouteChange();
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<LoadingScreen />}>
        <Routes>
          <Route path={PAGE_PATHS.landing} element={<LandingPage preloadClaim={preloadClaimPage} />} />
          <Route path={PAGE_PATHS.claim} element={<ClaimPage />} />
          <Route path={PAGE_PATHS.googleCallback} element={<GoogleCallbackPage />} />
          {Object.entries(LEGAL_DOCUMENTS).map(([path, document]) => (
            <Route key={path} path={path} element={<LegalDocumentPage document={document} />} />
          ))}
          {/* Any other path: the server sends this page with a 404 status. */}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
