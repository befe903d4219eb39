/** Test-only toast housekeeping. */
import { act, screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";

/** Toasts outlive a test (the toaster is a module singleton): close them so the next test starts clean. */
export async function closeAllToasts() {
  await waitFor(
    () => {
      const buttons = screen.queryAllByRole("button", { name: "Close notification" });
      for (const button of buttons) act(() => button.click());
      expect(buttons).toHaveLength(0);
    },
    { timeout: 15_000 },
  );
}
