import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomWallet } from "@tube/local-world/mint-log";
import { startInProcessApp, type InProcessApp } from "../test/in-process-app.ts";
import { captureLogs, type LogLine } from "../test/log-capture.ts";
import { metricValue } from "../test/metric-value.ts";

/** A server as operators misconfigure it behind a proxy: no proxy trusted. */
const noProxyTrusted = captureLogs();
let untrusting: InProcessApp;

beforeAll(async () => {
  untrusting = await startInProcessApp({ trustProxy: "false", logDestination: noProxyTrusted.destination });
});
afterAll(async () => {
  await untrusting?.stop();
});

function read(app: InProcessApp, headers: Record<string, string> = {}) {
  return fetch(`${app.url}/api/check-claim/${randomWallet()}`, { headers }).then((response) => response.arrayBuffer());
}

async function mismatches(app: InProcessApp, sign: string): Promise<number> {
  const response = await fetch(`${app.url}/metrics`);
  return metricValue(await response.text(), `tube_trust_proxy_mismatches_total{sign="${sign}"}`);
}

const warningsOf = (lines: LogLine[], sign: string) =>
  lines.filter((line) => line.level === 40 && line.setting === "TRUST_PROXY" && line.sign === sign);

describe("TRUST_PROXY mismatches", () => {
  it("when forwarded headers arrive from a peer TRUST_PROXY does not trust, then the metric counts each request and one warning names the setting, not the headers", async () => {
    const before = await mismatches(untrusting, "untrusted_peer");

    for (let i = 0; i < 10; i++) await read(untrusting, { "x-forwarded-for": `203.0.113.${i}` });
    for (let i = 0; i < 10; i++) await read(untrusting, { forwarded: `for=198.51.100.${i};proto=https` });
    await read(untrusting);

    expect((await mismatches(untrusting, "untrusted_peer")) - before).toBe(20);
    const warnings = warningsOf(noProxyTrusted.lines, "untrusted_peer");
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).not.toMatch(/203\.0\.113|198\.51\.100/);
  });
});
