import type { BrowserContext } from "@playwright/test";

/**
 * These machines reach no outside host: answer every non-local request at once
 * (thirdweb analytics, wallet metadata, fonts) so nothing waits on a time-out.
 */
export async function blockExternalRequests(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname),
    (route) => route.abort("blockedbyclient"),
  );
}
