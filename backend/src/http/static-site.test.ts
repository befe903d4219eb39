import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicConfig } from "@tube/common/api";
import { NOT_FOUND_TITLE, PAGE_PATHS, pageTitle } from "@tube/common/app-pages";
import { staticSite } from "./static-site.ts";

const SCRIPT = "console.log('hello');".repeat(20);
const ENTRY = [
  '<script type="module" crossorigin src="/assets/index-1234.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/runtime-1234.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-1234.css">',
];
const INDEX_HTML = `<html><head><title>TuBE Rewards</title><meta property="og:image" content="/og-image.png" />
    ${ENTRY.join("\n    ")}
  </head><body><div id="root"></div></body></html>`;
const CONFIG = { youtubeChannelId: "UC</script><script>alert(1)</script>", chainId: 42161 } as unknown as PublicConfig;
let baseUrl: string;
let server: ReturnType<express.Express["listen"]>;

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tube-static-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "index.html"), INDEX_HTML);
  fs.writeFileSync(path.join(dir, "assets/app-1234.js"), SCRIPT);
  fs.writeFileSync(path.join(dir, "assets/app-1234.js.br"), brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(dir, "assets/app-1234.js.gz"), gzipSync(SCRIPT));
  fs.writeFileSync(path.join(dir, "robots.txt"), "User-agent: *\nAllow: /\n");
  const app = express().use(staticSite({ staticDir: dir, publicConfig: CONFIG, publicUrl: "https://rewards.example" }));
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server?.close();
});

/** Node's fetch decodes bodies itself; the raw header shows what was sent. */
const get = (route: string, acceptEncoding?: string) =>
  fetch(`${baseUrl}${route}`, { headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });

describe("static site", () => {
  it("when the browser accepts brotli, then a hashed asset comes as its .br twin, typed as the original and cached for good", async () => {
    const response = await get("/assets/app-1234.js", "gzip, deflate, br");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("content-type")).toContain("javascript");
    expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe(SCRIPT);
  });

  it("when the browser accepts only gzip, or nothing, then it gets gzip, or the file as it is", async () => {
    const gzip = await get("/assets/app-1234.js", "gzip");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(await gzip.text()).toBe(SCRIPT);
    const plain = await get("/assets/app-1234.js", "identity");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
  });

  it("when robots.txt is asked for, then it is plain text and not the page", async () => {
    const response = await get("/robots.txt");
    expect(response.headers.get("content-type")).toContain("text/plain");
    expect(await response.text()).toContain("User-agent");
  });

  it("when a missing hashed asset is asked for, then the answer is not the page", async () => {
    const response = await get("/assets/gone-0000.js");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('id="root"');
  });

  it("when any route is opened, then the page carries the public config as inert JSON and is revalidated every time", async () => {
    const response = await get("/claim", "br");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const html = await response.text();
    const block = html.match(/<script type="application\/json" id="tube-public-config">(.*?)<\/script>/);
    expect(JSON.parse(block?.[1] ?? "null")).toEqual(CONFIG);
    // The hostile value cannot close the data block: its `<` is escaped.
    expect(html).not.toContain("</script><script>alert(1)");
    expect(html).toContain('content="https://rewards.example/og-image.png"');
  });

  it("when a page is asked for in each encoding, then each carries the same page", async () => {
    const pages = await Promise.all(
      ["br", "gzip", "identity"].map(async (encoding) => {
        const response = await get("/claim", encoding);
        return { encoding: response.headers.get("content-encoding"), html: await response.text() };
      }),
    );
    expect(pages.map((page) => page.encoding)).toEqual(["br", "gzip", null]);
    const plainHtml = pages[2]?.html ?? "";
    expect(pages.map((page) => page.html)).toEqual([plainHtml, plainHtml, plainHtml]);
    expect(plainHtml).toContain(ENTRY.join("\n    "));
  });

  it("when each of the app's pages is opened, then it comes with a 200 and its own title", async () => {
    for (const route of Object.values(PAGE_PATHS)) {
      const response = await get(route);
      expect(response.status, route).toBe(200);
      expect(await response.text(), route).toContain(`<title>${pageTitle(route)}</title>`);
    }
  });

  it("when a page's path has a trailing slash or other capitals, then it is still that page, as the browser's router sees it", async () => {
    for (const route of ["/claim/", "/Privacy"]) expect((await get(route)).status, route).toBe(200);
  });

  it("when a path is none of the app's pages, then the same page comes with a 404 and the not-found title", async () => {
    for (const route of ["/no-such-page", "/claim/extra"]) {
      const response = await get(route, "br");
      expect(response.status, route).toBe(404);
      expect(response.headers.get("content-encoding")).toBe("br");
      const html = await response.text();
      expect(html).toContain('<div id="root">');
      expect(html).toContain(`<title>${NOT_FOUND_TITLE}</title>`);
    }
  });
});
