import { Button } from "@chakra-ui/react";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render-with-providers.tsx";
import { Tooltip } from "./tooltip.tsx";

describe("Tooltip", () => {
  it("when the pointer rests on the trigger, then the tooltip opens after the 700 ms delay, not before", async () => {
    const { user } = renderWithProviders(
      <Tooltip content="Signs out of Google">
        <Button>Reset</Button>
      </Tooltip>,
    );

    const hoveredAt = performance.now();
    await user.hover(screen.getByRole("button", { name: "Reset" }));

    await waitFor(() => expect(screen.getByRole("tooltip")).toHaveTextContent("Signs out of Google"), {
      timeout: 2_000,
    });
    expect(performance.now() - hoveredAt).toBeGreaterThanOrEqual(650);
  });

  it("when the trigger gets keyboard focus, then the tooltip text is shown", async () => {
    const { user } = renderWithProviders(
      <Tooltip content="Signs out of Google">
        <Button>Reset</Button>
      </Tooltip>,
    );

    await user.tab();

    expect(screen.getByRole("button", { name: "Reset" })).toHaveFocus();
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Signs out of Google");
  });
});
