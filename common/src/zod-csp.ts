/** zod's `new Function` probe would break the CSP in the browser: off there. Imported first by every schema module. */
import { config } from "zod/mini";

config({ jitless: "document" in globalThis });
