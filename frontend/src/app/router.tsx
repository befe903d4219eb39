import { Suspense, lazy, useEffect, useRef, type ComponentType } from "react";
import { Route, Routes, useLocation } from "react-router";
import { PAGE_PATHS, pageTitle } from "@tube/common/app-pages";
import { LoadingScreen } from "../components/ui/loading-screen.tsx";
import { GoogleCallbackPage } from "../features/google-auth/google-callback-page.tsx";
import { LandingPage } from "../features/landing/landing-page.tsx";
// In the first download: a legal page opened from a link paints without a second round trip.
import { LEGAL_DOCUMENTS } from "../features/legal/legal-documents.ts";
import { LegalDocumentPage } from "../features/legal/legal-document-page.tsx";
import { NotFoundPage } from "../features/not-found/not-found-page.tsx";
import { RouteErrorBoundary } from "./route-error-boundary.tsx";

/** A page loaded with Chakra and wrapped in it; the static pages never download Chakra (ADR 12). */
function withChakra(loadPage: () => Promise<{ default: ComponentType }>) {
  return () =>
    Promise.all([loadPage(), import("./chakra-root.tsx")]).then(([{ default: Page }, { ChakraRoot }]) => ({
      default: function ChakraPage() {
        return (
          <ChakraRoot>
            <Page />
          </ChakraRoot>
        );
      },
    }));
}

const loadClaimPage = withChakra(() => import("./routes/claim.tsx"));
const ClaimPage = lazy(loadClaimPage);
// On hover or focus of the landing page's call to action; the navigation retries a failed preload.
const preloadClaimPage = () => void loadClaimPage().catch(() => undefined);

export function AppRoutes() {
  const { pathname } = useLocation();
  const previousPathname = useRef(pathname);
  useEffect(() => {
    document.title = pageTitle(pathname);
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    window.scrollTo(0, 0);
    return focusMainHeadingWhenRendered();
  }, [pathname]);
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

const HEADING_WAIT_MS = 5_000;

function focusMainHeadingWhenRendered() {
  if (focusMainHeading()) return () => {};
  const observer = new MutationObserver(() => {
    if (focusMainHeading()) stop();
  });
  const timer = setTimeout(stop, HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

function focusMainHeading() {
  const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
  if (!heading) return false;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
  return true;
}
