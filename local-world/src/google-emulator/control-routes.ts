import express, { Router, type Request } from "express";
import type { GrantRegistry } from "./grants.ts";

/** Where a fault can be injected: YouTube's reads, OAuth's tokeninfo, or its token endpoint (the code exchange). */
const FAULT_TARGETS = ["youtube", "tokeninfo", "token"] as const;
export type FaultTarget = (typeof FAULT_TARGETS)[number];

/**
 * The next `remaining` calls fail with this status and reason; status 0 drops the connection;
 * `hang` holds the request unanswered until the caller gives up (Google timing out).
 */
export interface InjectedFault {
  status: number;
  reason: string;
  remaining: number;
  hang: boolean;
}

/** Failures a test can ask for; none of this exists at Google, so it lives under /__emulator. */
export interface EmulatorControls {
  faults: Record<FaultTarget, InjectedFault | null>;
  /** The next id_token is issued for this audience instead of the client that asked. */
  nextIdTokenAudience: string | null;
}

export function createControls(): EmulatorControls {
  return { faults: { youtube: null, tokeninfo: null, token: null }, nextIdTokenAudience: null };
}

/** The fault for this call to `target`, counted down; null when none is set. */
export function takeFault(controls: EmulatorControls, target: FaultTarget): InjectedFault | null {
  const fault = controls.faults[target];
  if (!fault) return null;
  fault.remaining -= 1;
  if (fault.remaining <= 0) controls.faults[target] = null;
  return fault;
}

/**
 * Plays a fault that sends no answer (a hang or a dropped connection) and returns true; false leaves the
 * error answer to the caller. A hung request ends when the caller's time-out closes the socket.
 */
export function playSilentFault(req: Request, fault: InjectedFault): boolean {
  if (fault.hang) return true;
  if (fault.status !== 0) return false;
  req.socket.destroy();
  return true;
}

/**
 * POST /__emulator/youtube-fault, /__emulator/tokeninfo-fault and /__emulator/token-fault {status=503,
 * reason="backendError", count=1, hang=false}; GET them to read what is left (so a test counts the attempts made).
 * POST /__emulator/expire {access_token}.
 * POST /__emulator/id-token-audience {aud}.
 */
export function controlRoutes(controls: EmulatorControls, grants: GrantRegistry): Router {
  const router = Router();
  router.use("/__emulator", express.json());

  for (const target of FAULT_TARGETS) {
    router.post(`/__emulator/${target}-fault`, (req, res) => {
      const body = (req.body ?? {}) as { status?: number; reason?: string; count?: number; hang?: boolean };
      const { status = 503, reason = "backendError", count = 1, hang = false } = body;
      controls.faults[target] = count > 0 ? { status, reason, remaining: count, hang } : null;
      res.json({ remaining: count });
    });
    router.get(`/__emulator/${target}-fault`, (_req, res) => {
      res.json({ remaining: controls.faults[target]?.remaining ?? 0 });
    });
  }

  router.post("/__emulator/expire", (req, res) => {
    const token = (req.body as { access_token?: unknown } | undefined)?.access_token;
    if (typeof token !== "string" || !grants.expire(token))
      return res.status(404).json({ error: "unknown access_token" });
    res.json({});
  });

  router.post("/__emulator/id-token-audience", (req, res) => {
    const aud = (req.body as { aud?: unknown } | undefined)?.aud;
    if (typeof aud !== "string") return res.status(400).json({ error: "aud must be a string" });
    controls.nextIdTokenAudience = aud;
    res.json({});
  });

  return router;
}
