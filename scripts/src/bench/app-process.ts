/** Starts the app (app-entry.ts) as a child process and talks to it: readiness, CPU time, stop. */
import { fork, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import type { AppMessage, BenchRequest } from "./app-messages.ts";

export interface AppProcess {
  appUrl: string;
  bareUrl: string;
  /** Milliseconds from fork to `/readyz` answering 200. */
  msToReady: number;
  /** The app process's user + system CPU time so far, in milliseconds. */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

const ENTRY = path.join(import.meta.dirname, "app-entry.ts");
const READY_TIMEOUT_MS = 300_000;
/** BENCH_CPU_PROF_DIR=<dir>: the app process writes a V8 CPU profile there when it stops, to open in DevTools. */
const PROFILE_ARGS = process.env.BENCH_CPU_PROF_DIR
  ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_CPU_PROF_DIR]
  : [];

export async function startAppProcess(env: Record<string, string | undefined>): Promise<AppProcess> {
  const started = performance.now();
  // Logs go nowhere but are still written, so the cost of logging stays in the figures.
  const child = fork(ENTRY, [], {
    env: { ...process.env, ...env },
    execArgv: ["--import", "tsx", ...PROFILE_ARGS],
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const exited = once(child, "exit").then(([code]) => {
    throw new Error(`the app process exited (code ${String(code)}) before it was ready`);
  });
  const ready = (await Promise.race([nextMessage(child, "ready"), exited])) as Extract<AppMessage, { kind: "ready" }>;
  await waitForReady(ready.appUrl);
  const msToReady = performance.now() - started;

  return {
    appUrl: ready.appUrl,
    bareUrl: ready.bareUrl,
    msToReady,
    async cpuMs() {
      const reply = nextMessage(child, "cpu");
      request(child, "cpu");
      const { usage } = (await reply) as Extract<AppMessage, { kind: "cpu" }>;
      return (usage.user + usage.system) / 1000;
    },
    async stop() {
      const gone = once(child, "exit");
      request(child, "stop");
      await gone;
    },
  };
}

/** Polls `/readyz` the way an orchestrator would; resolves with nothing once it answers 200. */
export async function waitForReady(url: string, timeoutMs = READY_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`${url}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url}/readyz did not answer 200 within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function request(child: ChildProcess, message: BenchRequest): void {
  child.send(message);
}

function nextMessage(child: ChildProcess, kind: AppMessage["kind"]): Promise<AppMessage> {
  return new Promise((resolve) => {
    const listen = (message: AppMessage) => {
      if (message.kind !== kind) return;
      child.off("message", listen);
      resolve(message);
    };
    child.on("message", listen);
  });
}
