import "@testing-library/jest-dom/vitest";
import { act, cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { server } from "./server.ts";
import { closeAllToasts } from "./toasts.ts";

// Machines running these tests are shared and loaded: waits are generous, never a measure of speed.
configure({ asyncUtilTimeout: 5_000 });

// The files of a worker share one document and one module graph (docs/benchmarks/test-suite.md): whatever a test leaves in them, the next
// test, of this file or another, would start with.

/** Zag keeps a page-wide record of the open tooltip, which would skip the next one's delay: Escape clears it. */
async function closeOpenTooltip() {
  const tooltip = document.querySelector('[role="tooltip"]');
  if (!tooltip) return;
  await act(async () => {
    tooltip.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
  });
}

// Without vitest globals Testing Library cannot register its own cleanup. The toaster is a module singleton: a toast
// left open would show on the next test's page.
afterEach(async () => {
  await closeOpenTooltip();
  closeAllToasts();
  cleanup();
});

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterEach(() => {
  // The wizard resumes from sessionStorage (ADR 10), the Google session too: no test may resume
  // another's progress or sign-in.
  sessionStorage.clear();
  localStorage.clear();
  vi.useRealTimers();
});
afterAll(() => server.close());
