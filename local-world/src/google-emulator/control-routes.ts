import express, { Router } from "express";
import type { GrantRegistry } from "./grants.ts";

/** Failures a test can ask for; none of this exists at Google, so it lives under /__emulator. */
export interface EmulatorControls {
  /**
   * The next `remaining` YouTube calls fail with this status and reason; status 0 drops the connection;
   * `hang` holds the request unanswered until the caller gives up (Google timing out).
   */
  youtubeFault: { status: number; reason: string; remaining: number; hang: boolean } | null;
  /** The next id_token is issued for this audience instead of the client that asked. */
  nextIdTokenAudience: string | null;
}

export function createControls(): EmulatorControls {
  return { youtubeFault: null, nextIdTokenAudience: null };
}

/**
 * POST /__emulator/youtube-fault {status=503, reason="backendError", count=1, hang=false}; GET it to read what is left.
 * POST /__emulator/expire {access_token}.
 * POST /__emulator/id-token-audience {aud}.
 */
export function controlRoutes(controls: EmulatorControls, grants: GrantRegistry): Router {
  const router = Router();
  router.use("/__emulator", express.json());

  router.post("/__emulator/youtube-fault", (req, res) => {
    const body = (req.body ?? {}) as { status?: number; reason?: string; count?: number; hang?: boolean };
    const { status = 503, reason = "backendError", count = 1, hang = false } = body;
    controls.youtubeFault = count > 0 ? { status, reason, remaining: count, hang } : null;
    res.json({ remaining: count });
  });
  router.get("/__emulator/youtube-fault", (_req, res) => {
    res.json({ remaining: controls.youtubeFault?.remaining ?? 0 });
  });

  router.post("/__emulator/expire", (req, res) => {
    const token = (req.body as { access_token?: unknown } | undefined)?.access_token;
    if (typeof token !== "string" || !grants.expire(token)) return res.status(404).json({ error: "unknown access_token" });
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
