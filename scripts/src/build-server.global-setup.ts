import { buildServerWhenStale } from "./server-bundle.ts";

/**
 * Tests that start server processes or operator commands run them compiled, as production does: backend/dist is built
 * here once per test run, before any test, when it is missing or older than a source. Building later, inside a test,
 * would replace it under other tests' running servers.
 * @public vitest's globalSetup calls it.
 */
export default async function buildServerForTests(): Promise<void> {
  await buildServerWhenStale();
}
