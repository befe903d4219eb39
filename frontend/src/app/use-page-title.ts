import { useEffect } from "react";
import { useLocation } from "react-router";
import { pageTitle } from "@tube/common/app-pages";

/** The server writes the first page's title; after a client-side navigation the browser's title follows the path. */
export function usePageTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
}
