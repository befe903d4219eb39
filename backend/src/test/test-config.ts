import { loadConfig, type Config } from "../config.ts";

/**
 * The server's config for a test, from the test's own env through the server's loader: a test cannot hand the app a
 * setting the schema would refuse, nor miss a default it adds. The machine's environment is not read, so a
 * developer's .env never changes what a test sees.
 */
export function testConfig(env: Record<string, string | undefined>): Config {
  return loadConfig({ NODE_ENV: "test", ...env });
}
