import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useAfterFirstPaint } from "./after-first-paint.ts";

/** Records what each render saw, so the test can tell the first render from the later ones. */
function Probe({ seen }: { seen: boolean[] }) {
  const painted = useAfterFirstPaint();
  seen.push(painted);
  return <p>{painted ? "after the paint" : "first paint"}</p>;
}

describe("useAfterFirstPaint", () => {
  it("when a component first renders, then it is false, and once the frame has been painted, then true", async () => {
    const seen: boolean[] = [];
    render(<Probe seen={seen} />);

    expect(seen[0]).toBe(false);
    expect(await screen.findByText("after the paint")).toBeInTheDocument();
  });
});
