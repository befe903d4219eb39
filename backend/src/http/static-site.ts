/**
 * The built frontend on the app's origin. Files are served precompressed (the build
 * writes `.br` and `.gz` beside each text file) by content negotiation; hashed
 * assets are cached for good and the HTML is revalidated on every visit. Every
 * page is index.html with the public config and the page's title written into it,
 * so the app's first paint never waits for GET /api/config. A path that is none of
 * the app's pages gets the same HTML, which draws the not-found page, with a 404.
 */
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { Router, type Request, type Response } from "express";
import type { PublicConfig } from "@tube/common/api";
import { NOT_FOUND_TITLE, PAGE_PATHS, pageAt, pageTitle } from "@tube/common/app-pages";
import { PUBLIC_CONFIG_ELEMENT_ID } from "@tube/common/constants";

type Encoding = "br" | "gzip";
/** In order of preference. */
const SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";
/** Files outside /assets keep their names across builds (favicon, robots.txt), so they are cached briefly. */
const SHORT = "public, max-age=3600";

interface StaticFile {
  absolutePath: string;
  encodings: Encoding[];
}

export function staticSite(options: { staticDir: string; publicConfig: PublicConfig; publicUrl: string }): Router {
  const files = indexFiles(options.staticDir);
  const html = renderPage(fs.readFileSync(path.join(options.staticDir, "index.html"), "utf8"), options);
  // Every variant built once, here: a request only picks one.
  const pages = new Map(
    Object.values(PAGE_PATHS).map((route) => [route, compressed(withTitle(html, pageTitle(route)))]),
  );
  const notFoundPage = compressed(withTitle(html, NOT_FOUND_TITLE));
  const router = Router();

  router.get("/{*path}", (req, res, next) => {
    const file = files.get(req.path);
    if (file) return sendFile(req, res, file, req.path.startsWith("/assets/") ? IMMUTABLE : SHORT);
    // A missing hashed asset is a 404, never the page: a browser would try to run HTML as script.
    if (req.path.startsWith("/assets/") || path.extname(req.path) !== "") return next();
    const route = pageAt(req.path);
    const page = route === undefined ? undefined : pages.get(route);
    if (page) return sendPage(req, res, page);
    res.status(404);
    sendPage(req, res, notFoundPage);
  });
  return router;
}

/** The page with its own `<title>`, so a tab, a bookmark and a search result name the page, not only the site. */
function withTitle(html: string, title: string): string {
  if (!/<title>[^<]*<\/title>/.test(html)) throw new Error("index.html must have a <title> to name each page");
  const escaped = title.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${escaped}</title>`);
}

/**
 * index.html with the public config as a JSON data block (not executable, so the CSP
 * needs no nonce for it) and the social preview image as an absolute URL, which
 * link previews require and only the server knows.
 */
function renderPage(indexHtml: string, options: { publicConfig: PublicConfig; publicUrl: string }): string {
  // `<` escaped, so no value can close the script element early.
  const json = JSON.stringify(options.publicConfig).replace(/</g, "\\u003c");
  const block = `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${json}</script>`;
  if (!indexHtml.includes("</head>"))
    throw new Error("index.html must have a </head> to write the public config before");
  return indexHtml
    .replace(
      /(<meta (?:property|name)="(?:og|twitter):image" content=")(\/[^"]*)"/g,
      (_match, start: string, url: string) => `${start}${new URL(url, options.publicUrl).href}"`,
    )
    .replace("</head>", `${block}\n  </head>`);
}

function indexFiles(staticDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const absolutePath = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(absolutePath);
        continue;
      }
      if (entry.name.endsWith(".br") || entry.name.endsWith(".gz")) continue;
      const urlPath = `/${path.relative(staticDir, absolutePath).split(path.sep).join("/")}`;
      // The server's input, not a file it sends.
      if (urlPath === "/index.html") continue;
      const encodings = (Object.keys(SUFFIX) as Encoding[]).filter((encoding) =>
        fs.existsSync(absolutePath + SUFFIX[encoding]),
      );
      files.set(urlPath, { absolutePath, encodings });
    }
  };
  walk(staticDir);
  return files;
}

function negotiate(req: Request, res: Response, available: Encoding[]): Encoding | undefined {
  res.vary("Accept-Encoding");
  // Ours, not the browser's, order decides: browsers list gzip first yet brotli is smaller.
  return available.find((encoding) => req.acceptsEncodings(encoding) === encoding);
}

function sendFile(req: Request, res: Response, file: StaticFile, cacheControl: string): void {
  const encoding = negotiate(req, res, file.encodings);
  // The type of the original file, not of its .br/.gz twin.
  res.type(path.extname(file.absolutePath));
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.sendFile(encoding ? file.absolutePath + SUFFIX[encoding] : file.absolutePath, {
    cacheControl: false,
    headers: { "Cache-Control": cacheControl },
    dotfiles: "deny",
  });
}

interface CompressedPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

function sendPage(req: Request, res: Response, page: CompressedPage): void {
  const encoding = negotiate(req, res, ["br", "gzip"]);
  res.setHeader("Cache-Control", REVALIDATE);
  res.type("html");
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.send(encoding ? page[encoding] : Buffer.from(page.html));
}

function compressed(html: string): CompressedPage {
  return {
    html,
    br: brotliCompressSync(html, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(html, { level: 9 }),
  };
}
