import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render-with-providers.tsx";
import { CopyableValue } from "./copyable-value.tsx";

const HASH = `0x${"ab12".repeat(16)}`;

describe("CopyableValue", () => {
  it("when shown, then the whole value is there, with line breaks allowed only between groups of eight digits", () => {
    const { container } = renderWithProviders(<CopyableValue value={HASH} label="transaction hash" />);

    expect(screen.getByText(HASH)).toBeInTheDocument();
    // "0x" and eight groups: a break opportunity before each group.
    expect(container.querySelectorAll("wbr")).toHaveLength(8);
  });

  it("when its button is pressed, then the value is on the clipboard and 'Copied' is announced", async () => {
    const { user } = renderWithProviders(<CopyableValue value={HASH} label="transaction hash" />);

    await user.click(screen.getByRole("button", { name: "Copy transaction hash" }));

    expect(await navigator.clipboard.readText()).toBe(HASH);
    expect(screen.getByRole("status")).toHaveTextContent("Copied");
  });

  it("when reached from the keyboard, then Enter copies it", async () => {
    const { user } = renderWithProviders(<CopyableValue value={HASH} label="recipient" />);

    await user.tab();
    expect(screen.getByRole("button", { name: "Copy recipient" })).toHaveFocus();
    await user.keyboard("{Enter}");

    expect(await navigator.clipboard.readText()).toBe(HASH);
    expect(screen.getByRole("status")).toHaveTextContent("Copied");
  });
});
