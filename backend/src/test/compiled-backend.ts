import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { vi } from "vitest";

/**
 * The server as production runs it, `node backend/dist/index.js`: tests that start server processes run this build
 * rather than the sources through tsx, which costs about twice the start-up per process. The server project's global
 * setup (scripts/src/build-server.global-setup.ts) builds it before the tests when it is missing or older than a source.
 */
const COMPILED_BACKEND = path.resolve(import.meta.dirname, "../../dist/index.js");

/** Node's arguments that start the compiled server. */
export const COMPILED_BACKEND_ARGS = ["--enable-source-maps", COMPILED_BACKEND];
/**
 * The same server on the test world's tunings (tuned-server.ts), built beside it. Without source maps: its output is
 * not kept (`stdio: "ignore"`), so no stack trace of it is ever read, and reading the maps of the modules it loads
 * cost about 0.15 s of CPU a start (0.8–0.9 s against 0.6–0.8 s), which the crash tests pay ten times.
 */
const TUNED_BACKEND_ARGS = [path.join(path.dirname(COMPILED_BACKEND), "tuned-server.js")];

/** Starts a server process on the test world's tunings, on `port` with `env`, and resolves once it answers /healthz. */
export async function startBackendProcess(
  env: Record<string, string | undefined>,
  port: number,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, TUNED_BACKEND_ARGS, {
    env: { ...process.env, ...env, PORT: String(port), NODE_ENV: "test" },
    stdio: "ignore",
  });
  const url = `http://localhost:${port}`;
  // vi.waitFor, not expect.poll: it also runs in beforeAll.
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the backend on ${port} exited with ${child.exitCode}`);
      const healthy = await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (!healthy) throw new Error(`the backend on ${port} did not start`);
    },
    { timeout: 30_000, interval: 100 },
  );
  return { child, url };
}

/** Ends the server processes a test started (SIGTERM, its graceful shutdown) and resolves once each has exited. */
export async function stopBackendProcesses(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) =>
          child.exitCode === null ? (child.once("exit", resolve), child.kill("SIGTERM")) : resolve(null),
        ),
    ),
  );
}
