import { act, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render-with-providers.tsx";
import { notify } from "./toaster.tsx";

describe("notify", () => {
  it("when called, then the toast is announced in a live region with its title and description", async () => {
    renderWithProviders(<p>page</p>);

    act(() => {
      notify({
        type: "error",
        title: "Already Claimed",
        description: "This wallet address has already claimed tokens.",
      });
    });

    const toast = await screen.findByRole("status", { name: "Already Claimed" });
    expect(toast).toHaveTextContent("This wallet address has already claimed tokens.");
    expect(toast.closest("[role=region]")).toHaveAttribute("aria-live", "polite");
    expect(within(toast).getByRole("button", { name: "Close notification" })).toBeInTheDocument();
  });

  it("when called again with the same id, then the toast is replaced rather than added", async () => {
    renderWithProviders(<p>page</p>);

    act(() => {
      notify({ id: "mint", type: "loading", title: "Processing Transaction" });
    });
    await screen.findByRole("status", { name: "Processing Transaction" });
    act(() => {
      notify({ id: "mint", type: "success", title: "Transaction Successful" });
    });

    expect(await screen.findByRole("status", { name: "Transaction Successful" })).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Processing Transaction" })).not.toBeInTheDocument();
  });
});
