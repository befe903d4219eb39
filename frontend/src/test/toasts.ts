/** Test-only toast housekeeping. */
import { act } from "@testing-library/react";
import { expect } from "vitest";
import { removeAllToasts } from "../components/ui/toaster.tsx";

/**
 * Toasts outlive a test (the toaster is a module singleton): remove them from its store so the next test starts
 * clean. Pressing each toast's close button would wait out its close animation (zag's 200 ms `removeDelay`, then
 * Chakra's exit) while a query for those buttons recomputed the whole page's accessible names every 50 ms.
 */
export function closeAllToasts() {
  act(() => removeAllToasts());
  expect(document.querySelectorAll("[data-scope=toast][data-part=root]")).toHaveLength(0);
}
