import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { WALLET_ADDRESS } from "../../../test/fake-wallet.tsx";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { DoneStep } from "./done-step.tsx";

describe("DoneStep", () => {
  it("when Done shows, then Start Over says what it keeps and that a new claim needs another wallet and Google account", async () => {
    const onStartOver = vi.fn();
    const { user } = renderWithProviders(
      <DoneStep
        txHash={`0x${"ab".repeat(32)}`}
        state={{ recipient: WALLET_ADDRESS, claimedEarlierAt: null }}
        addToken={null}
        onStartOver={onStartOver}
        headingRef={null}
      />,
    );

    const startOver = screen.getByRole("button", { name: "Start Over" });
    expect(startOver).toHaveAccessibleDescription(
      "Start Over goes back to Step 1. Your wallet and Google account stay connected: each claims only once, so change both to claim again.",
    );
    await user.click(startOver);
    expect(onStartOver).toHaveBeenCalledTimes(1);
  });
});
