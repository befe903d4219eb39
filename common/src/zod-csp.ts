/**
 * zod compiles object parsers with `new Function` when it can, and probes
 * whether it can by calling `Function("")` when the first object schema is
 * built. The app's Content-Security-Policy forbids eval, so in the browser the
 * probe only fails and logs a CSP violation (Lighthouse's best-practices audit
 * counts it). Off in the browser; the server has no CSP and keeps the faster
 * compiled parsers. Imported first by every module that builds schemas.
 */
import { config } from "zod/mini";

config({ jitless: "document" in globalThis });
