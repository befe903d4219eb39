/**
 * What `node backend/dist/index.js` runs first. An older Node would die on an import it lacks (`No such built-in
 * module: node:sqlite`) before any line of the server ran, since a module's imports all load before its code: so this
 * checks the version and only then loads the server (index.ts), which the bundle keeps in a chunk of its own.
 */
import { nodeVersionProblem } from "./node-version.ts";

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
await import("./index.ts");
