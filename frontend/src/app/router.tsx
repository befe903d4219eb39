import { Suspense, lazy, type ComponentType } from "react";
import { Route, Routes } from "react-router";
import { PAGE_PATHS } from "@tube/common/app-pages";
import { LoadingScreen } from "../components/ui/loading-screen.tsx";
import { GoogleCallbackPage } from "../features/google-auth/google-callback-page.tsx";
import { LandingPage } from "../features/landing/landing-page.tsx";
// In the first download, not a chunk of their own: about 4 KB gzip, and a legal page opened from a link then
// paints without a second round trip (ADR 0012).
import { GoogleInfoPage, PrivacyPage, TermsPage } from "../features/legal/legal-pages.tsx";
import { NotFoundPage } from "../features/not-found/not-found-page.tsx";
import { RouteErrorBoundary } from "./route-error-boundary.tsx";
import { useRouteChange } from "./use-route-change.ts";

/**
 * A page built with Chakra, loaded together with Chakra's provider and system and wrapped in them:
 * the static pages (landing, legal, not found) never download Chakra (ADR 0012).
 */
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

// The wallet SDK is large: only the claim flow loads it, on demand.
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
          <Route path={PAGE_PATHS.terms} element={<TermsPage />} />
          <Route path={PAGE_PATHS.privacy} element={<PrivacyPage />} />
          <Route path={PAGE_PATHS.googleInfo} element={<GoogleInfoPage />} />
          {/* Any other path: the server sends this page with a 404 status. */}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
