/**
 * zod probes for `new Function`, which the app's Content-Security-Policy forbids: in the browser the probe would log
 * a CSP violation, so it is off there. Imported first by every module that builds schemas.
 */
import { config } from "zod/mini";

config({ jitless: "document" in globalThis });
