/**
 * The one stand-in for our API in frontend tests: MSW intercepts `fetch`, and
 * any request no test answered fails the test (test/setup.ts starts it with
 * onUnhandledRequest: "error").
 */
import { setupServer } from "msw/node";

export const server = setupServer();
