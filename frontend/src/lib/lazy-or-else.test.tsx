import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { lazyOrElse } from "./lazy-or-else.ts";

function Loaded({ name }: { name: string }) {
  return <p>Loaded {name}</p>;
}

function Fallback({ name }: { name: string }) {
  return <p>Fallback {name}</p>;
}

function renderLazy(load: () => Promise<typeof Loaded>) {
  const Piece = lazyOrElse(load, Fallback);
  return render(
    <Suspense fallback={<p>Loading</p>}>
      <Piece name="piece" />
    </Suspense>,
  );
}

describe("lazyOrElse", () => {
  it("when the chunk loads, then its component renders with the props", async () => {
    renderLazy(async () => Loaded);
    expect(await screen.findByText("Loaded piece")).toBeInTheDocument();
  });

  it("when the chunk fails to download, then the fallback renders with the props instead of throwing", async () => {
    renderLazy(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    expect(await screen.findByText("Fallback piece")).toBeInTheDocument();
  });
});
