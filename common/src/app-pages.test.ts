import { describe, expect, it } from "vitest";
import { NOT_FOUND_TITLE, PAGE_PATHS, pageAt, pageTitle } from "./app-pages.ts";

describe("app pages", () => {
  it("when every page's title is read, then no two pages share one, nor any page the not-found title", () => {
    const titles = Object.values(PAGE_PATHS).map(pageTitle);

    expect(new Set([...titles, NOT_FOUND_TITLE]).size).toBe(titles.length + 1);
  });

  it.each([
    ["/claim", "/claim"],
    ["/claim/", "/claim"],
    ["/Google-Info", "/google-info"],
    ["/", "/"],
  ])("when the path is %s, then it is the page %s, as the browser's router matches it", (pathname, page) => {
    expect(pageAt(pathname)).toBe(page);
  });

  it.each(["/no-such-page", "/claim/extra", "/index.html", ""])(
    "when the path is '%s', then it is no page and has the not-found title",
    (pathname) => {
      expect(pageAt(pathname)).toBeUndefined();
      expect(pageTitle(pathname)).toBe(NOT_FOUND_TITLE);
    },
  );
});
