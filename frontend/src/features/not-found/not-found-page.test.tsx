import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render-with-providers.tsx";
import { NotFoundPage } from "./not-found-page.tsx";

describe("NotFoundPage", () => {
  it("when rendered, then it shows the 404 texts and a link home", () => {
    renderWithProviders(<NotFoundPage />, { route: "/nowhere" });

    expect(screen.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeInTheDocument();
    expect(screen.getByText("Did you forget to add the page to the router?")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");
  });
});
