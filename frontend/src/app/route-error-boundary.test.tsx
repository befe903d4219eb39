import { screen } from "@testing-library/react";
import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test/render-with-providers.tsx";
import { RouteErrorBoundary } from "./route-error-boundary.tsx";

function Broken(): never {
  throw new Error("render failed");
}
const FailedChunk = lazy(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));

function renderRoutes(route: string, reloadPage = vi.fn()) {
  const view = renderWithProviders(
    <RouteErrorBoundary reloadPage={reloadPage}>
      <Suspense fallback={<p>Loading</p>}>
        <Routes>
          <Route path="/" element={<h1>Home</h1>} />
          <Route path="/broken" element={<Broken />} />
          <Route path="/lazy" element={<FailedChunk />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>,
    { route },
  );
  return { ...view, reloadPage };
}

describe("RouteErrorBoundary", () => {
  it.each(["/broken", "/lazy"])(
    "when %s fails, then a message offers a reload that reloads the page",
    async (route) => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const { user, reloadPage } = renderRoutes(route);

      expect(await screen.findByRole("alert")).toHaveTextContent("Something went wrong");
      await user.click(screen.getByRole("button", { name: "Reload page" }));

      expect(reloadPage).toHaveBeenCalledOnce();
    },
  );

  it("when a page failed, then 'Go to Home' shows the home page again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderRoutes("/broken");

    await user.click(await screen.findByRole("link", { name: "Go to Home" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Home" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
