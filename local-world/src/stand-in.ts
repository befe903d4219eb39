import type { AddressInfo, Server } from "node:net";
import type { Duplex } from "node:stream";
import express, { Router, type Request, type RequestHandler } from "express";
import { z } from "zod";

/** Where a stand-in takes its controls: a path no real service's API has. */
export const CONTROL_PATH = "/__emulator";

export function standInApp() {
  const app = express();
  app.disable("x-powered-by");
  return app;
}

export const notFound: RequestHandler = (_req, res) => void res.status(404).json({ message: "Not Found" });

/** JSON bodies read whatever content type they name. */
export const anyJson = express.json({ type: () => true });

/** The query, repeated names kept. */
export const searchParamsOf = (req: Request) => new URL(req.originalUrl, "http://stand-in").searchParams;

export const bearerOf = (req: Request) => /^Bearer (.+)$/i.exec(req.get("authorization") ?? "")?.[1];

/** Answers a socket not (yet) upgraded with a bare HTTP status, and closes it. */
export const endWithStatus = (socket: Duplex, status: string) =>
  void socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);

export async function listen(server: Server, port = 0) {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `http://127.0.0.1:${bound}`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        (server as Server & { closeAllConnections?(): void }).closeAllConnections?.();
      }),
  };
}

/** The next `count` matching requests, replacing the one pending under `keyOf`; count 0 clears it. */
export function faultSwitch<F extends { mode: string; count: number }>(keyOf: (fault: F) => string) {
  const pending = new Map<string, F>();
  const fired: Partial<Record<F["mode"], number>> = {};
  return {
    set(fault: F) {
      if (fault.count > 0) pending.set(keyOf(fault), { ...fault });
      else pending.delete(keyOf(fault));
    },
    clear: () => pending.clear(),
    pending(key: string) {
      const fault = pending.get(key);
      return fault ? { ...fault } : null;
    },
    keys: () => [...pending.keys()],
    fired: () => ({ ...fired }),
    /** The first of `mode` under one of `keys`, as before this take counted it down. */
    take(mode: F["mode"], keys: readonly string[]) {
      for (const key of keys) {
        const fault = pending.get(key);
        if (fault?.mode !== mode) continue;
        fired[mode as F["mode"]] = (fired[mode as F["mode"]] ?? 0) + 1;
        const taken = { ...fault };
        if (--fault.count <= 0) pending.delete(key);
        return taken;
      }
      return null;
    },
  };
}

/** Control routes read any body as JSON. */
export function controlRouter() {
  const router = Router();
  router.use(CONTROL_PATH, anyJson);
  return router;
}

export const faultCount = z.number().int().min(0).default(1);

/** `POST /__emulator/faults`: the body parsed by `schema` and set, or 400 with its flaw. */
export function faultSwitchRoute<S extends z.ZodType>(schema: S, set: (fault: z.output<S>) => void) {
  const router = controlRouter();
  router.post(`${CONTROL_PATH}/faults`, (req, res) => {
    const parsed = schema.safeParse(req.body);
    if (!parsed.success) return res.status(400).json({ message: z.prettifyError(parsed.error) });
    set(parsed.data);
    res.json(parsed.data);
  });
  return router;
}
