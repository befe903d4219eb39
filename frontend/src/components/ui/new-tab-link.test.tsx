import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NewTabLink } from "./new-tab-link.tsx";

describe("NewTabLink", () => {
  it("when rendered, then it opens in a new tab, says so to screen readers and shows a cue that is hidden from them", () => {
    render(<NewTabLink href="https://www.youtube.com/">YouTube</NewTabLink>);

    const link = screen.getByRole("link", { name: "YouTube (opens in a new tab)" });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(link.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
  });
});
