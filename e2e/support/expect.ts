import { expect as playwrightExpect } from "@playwright/test";

/** How long the page may take to show what a step waits for: the e2e tests' expect timeout (playwright.config.ts). */
export const STEP_TIMEOUT_MS = 15_000;

/**
 * Playwright's expect with that timeout whoever runs it: the bench drives the claim wizard's helpers outside the test
 * runner, where expect would give up after Playwright's own default of 5 s.
 */
export const expect = playwrightExpect.configure({ timeout: STEP_TIMEOUT_MS });
