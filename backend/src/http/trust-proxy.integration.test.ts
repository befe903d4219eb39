import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomWallet } from "@tube/local-world/mint-log";
import { startInProcessApp, type InProcessApp } from "../test/in-process-app.ts";
import { captureLogs, type LogLine } from "../test/log-capture.ts";
import { metricValue } from "../test/metric-value.ts";

/** Two servers as operators misconfigure them: no proxy trusted, and one hop trusted with no proxy in front. */
const noProxyTrusted = captureLogs();
const oneHopTrusted = captureLogs();
let untrusting: InProcessApp;
let oneHop: InProcessApp;

beforeAll(async () => {
  [untrusting, oneHop] = await Promise.all([
    startInProcessApp({ trustProxy: "false", logDestination: noProxyTrusted.destination }),
    startInProcessApp({ trustProxy: "1", logDestination: oneHopTrusted.destination }),
  ]);
});
afterAll(async () => {
  await Promise.all([untrusting?.stop(), oneHop?.stop()]);
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

  it("when TRUST_PROXY counts a hop that visitors do not pass, then their requests are counted and one warning says a client can choose its address", async () => {
    const before = await mismatches(oneHop, "fewer_hops");

    for (let i = 0; i < 5; i++) await read(oneHop);
    // As the proxy TRUST_PROXY=1 stands for would send them: one entry, the client's. Probes come straight.
    for (let i = 0; i < 5; i++) await read(oneHop, { "x-forwarded-for": `203.0.113.${i}` });
    await fetch(`${oneHop.url}/healthz`).then((response) => response.arrayBuffer());

    expect((await mismatches(oneHop, "fewer_hops")) - before).toBe(5);
    const warnings = warningsOf(oneHopTrusted.lines, "fewer_hops");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/chooses its address/);
  });
});
