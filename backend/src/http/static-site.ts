/** Every page is index.html with the config and title written in: the first paint never waits for /api/config. */
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { Router } from "express";
import expressStaticGzip from "express-static-gzip";
import type { PublicConfig } from "@tube/common/api";
import { NOT_FOUND_TITLE, PAGE_PATHS, pageAt, pageTitle } from "@tube/common/app-pages";
import { PUBLIC_CONFIG_ELEMENT_ID } from "@tube/common/constants";

export function staticSite(options: { staticDir: string; publicConfig: PublicConfig; publicUrl: string }) {
  const html = renderPage(fs.readFileSync(path.join(options.staticDir, "index.html"), "utf8"), options);
  const pages = new Map(
    Object.values(PAGE_PATHS).map((route) => [route, compressed(withTitle(html, pageTitle(route)))]),
  );
  const notFoundPage = compressed(withTitle(html, NOT_FOUND_TITLE));
  const router = Router();
  // index.html is the server's input, never sent as it is.
  router.get("/index.html", (_req, _res, next) => next("router"));
  router.use(
    expressStaticGzip(options.staticDir, {
      enableBrotli: true,
      // Browsers list gzip first, yet brotli is smaller.
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: {
        index: false,
        cacheControl: false,
        // Files outside /assets keep their names across builds: an hour only.
        setHeaders: (res, file) =>
          res.setHeader(
            "Cache-Control",
            path.relative(options.staticDir, file).startsWith(`assets${path.sep}`)
              ? "public, max-age=31536000, immutable"
              : "public, max-age=3600",
          ),
      },
    }),
  );
  router.get("/{*path}", (req, res, next) => {
    // A missing asset is a 404, never the page: a browser would run HTML as script.
    if (req.path.startsWith("/assets/") || path.extname(req.path) !== "") return next();
    const route = pageAt(req.path);
    const page = route === undefined ? undefined : pages.get(route);
    res
      .status(page ? 200 : 404)
      .vary("Accept-Encoding")
      .setHeader("Cache-Control", "no-cache");
    const encoding = (["br", "gzip"] as const).find((encoding) => req.acceptsEncodings(encoding) === encoding);
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.type("html").send((page ?? notFoundPage)[encoding ?? "identity"]);
  });
  return router;
}

function withTitle(html: string, title: string) {
  if (!/<title>[^<]*<\/title>/.test(html)) throw new Error("index.html must have a <title> to name each page");
  const escaped = title.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${escaped}</title>`);
}

/** The config as a JSON data block needs no CSP nonce; link previews need the image's absolute URL. */
function renderPage(indexHtml: string, options: { publicConfig: PublicConfig; publicUrl: string }) {
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

function compressed(html: string) {
  const params = { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY };
  return { identity: Buffer.from(html), br: brotliCompressSync(html, { params }), gzip: gzipSync(html, { level: 9 }) };
}
