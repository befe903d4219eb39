import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { vi } from "vitest";

// Node runs these TypeScript sources itself, stripping the types (the typecheck allows only erasable syntax).
/** Node's arguments that start the server as its entry does (the Node version check, then the server). */
export const SERVER_ENTRY_ARGS = [path.resolve(import.meta.dirname, "../entry.ts")];
/** The same server on the test world's tunings (tuned-server.ts). */
const TUNED_SERVER_ARGS = [path.join(import.meta.dirname, "tuned-server.ts")];

/** Starts a server process on the test world's tunings, on `port` with `env`, and resolves once it answers /healthz. */
export async function startBackendProcess(
  env: Record<string, string | undefined>,
  port: number,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, TUNED_SERVER_ARGS, {
    env: { ...process.env, ...env, PORT: String(port), NODE_ENV: "test" },
    stdio: "ignore",
  });
  const url = `http://localhost:${port}`;
  // vi.waitFor, not expect.poll: it also runs in beforeAll.
  await vi
    .waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`the backend on ${port} exited with ${child.exitCode}`);
        const healthy = await fetch(`${url}/healthz`).then(
          (response) => response.ok,
          () => false,
        );
        if (!healthy) throw new Error(`the backend on ${port} did not start`);
      },
      { timeout: 30_000, interval: 100 },
    )
    .catch((error: unknown) => {
      // A server that never answered is not left running (and polling its chain) after the test.
      child.kill("SIGKILL");
      throw error;
    });
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
