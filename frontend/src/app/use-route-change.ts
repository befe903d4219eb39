import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { pageTitle } from "@tube/common/app-pages";

/** How long to wait for a lazily loaded page to render its heading. */
const HEADING_WAIT_MS = 5_000;

/** After a client-side navigation: the title follows the path, the page scrolls up and focuses its main heading. */
export function useRouteChange(): void {
  const { pathname } = useLocation();
  const previousPathname = useRef(pathname);

  useEffect(() => {
    document.title = pageTitle(pathname);
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    window.scrollTo(0, 0);
    return focusMainHeadingWhenRendered();
  }, [pathname]);
}

function focusMainHeadingWhenRendered(): () => void {
  if (focusMainHeading()) return () => {};
  const observer = new MutationObserver(() => {
    if (focusMainHeading()) stop();
  });
  const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

function focusMainHeading(): boolean {
  const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
  if (!heading) return false;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
  return true;
}
