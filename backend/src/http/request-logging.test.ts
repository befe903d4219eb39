import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOOGLE_CALLBACK_PATH } from "@tube/common/constants";
import { startInProcessApp, type InProcessApp } from "../test/in-process-app.ts";

const CODE = "4/0AVGzR1B-an-authorization-code-from-google";
const lines: string[] = [];
let app: InProcessApp;

beforeAll(async () => {
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  app = await startInProcessApp({ logDestination: capture });
});
afterAll(async () => {
  await app?.stop();
});

describe("request logs", () => {
  it("when Google redirects back with a code in the query string, then the code never reaches the log", async () => {
    await fetch(`${app.url}${GOOGLE_CALLBACK_PATH}?state=s&code=${encodeURIComponent(CODE)}&scope=email`, {
      headers: { authorization: "Bearer ya29.secret", cookie: "session=secret" },
    });
    await fetch(`${app.url}/api/auth/google?code=${encodeURIComponent(CODE)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code: CODE, codeVerifier: "v".repeat(43), redirectUri: "https://evil.example/cb" }),
    });

    await expect.poll(() => lines.filter((line) => line.includes(GOOGLE_CALLBACK_PATH)).length).toBeGreaterThan(0);
    const log = lines.join("\n");
    expect(log).not.toContain(CODE);
    expect(log).not.toContain(encodeURIComponent(CODE));
    expect(log).not.toContain("ya29.secret");
    expect(log).not.toContain("session=secret");
  });

  it("when the wallet's redirect login comes back to /claim with its session credential, then the credential never reaches the log", async () => {
    const credential = "wallet-session-credential-from-the-redirect";
    await fetch(`${app.url}/claim?walletId=ecosystem.tube&authCookie=${credential}&authProvider=google`);

    await expect.poll(() => lines.filter((line) => line.includes('"path":"/claim"')).length).toBeGreaterThan(0);
    expect(lines.join("\n")).not.toContain(credential);
  });

  it("when a request is logged at info, then it carries method, path and status but no headers", async () => {
    await fetch(`${app.url}/api/config?utm_source=x`);
    const entryFor = (path: string) =>
      lines.map((line) => JSON.parse(line) as Record<string, any>).find((parsed) => parsed.req?.path === path);
    await expect.poll(() => entryFor("/api/config")).toBeDefined();
    const entry = entryFor("/api/config");
    expect(entry).toMatchObject({ level: 30, req: { method: "GET", path: "/api/config" }, res: { statusCode: 200 } });
    expect(JSON.stringify(entry)).not.toMatch(/headers|utm_source/);
  });

  it("when a request is refused, then its log line names the error code", async () => {
    await fetch(`${app.url}/api/nothing-here-logged`);
    const refusal = () =>
      lines
        .map((line) => JSON.parse(line) as Record<string, any>)
        .find((parsed) => parsed.msg === "request refused" && parsed.req?.path === "/api/nothing-here-logged");
    await expect.poll(refusal).toBeDefined();
    expect(refusal()).toMatchObject({ code: "NOT_FOUND" });
  });
});
