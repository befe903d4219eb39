import express, { Router } from "express";
import { borderRequest, type BorderClient } from "./border-request.ts";

/** Where a stand-in at the border takes its controls: a path no real service's API has, so it cannot clash with one. */
export const CONTROL_PATH = "/__emulator";

/**
 * `POST /__emulator/faults` of a stand-in at the border: the body parsed into a fault and set, answered with the fault,
 * or 400 with what is wrong with it.
 */
export function faultSwitchRoute<Fault>(parse: (body: unknown) => Fault | string, set: (fault: Fault) => void): Router {
  const router = Router();
  router.post(`${CONTROL_PATH}/faults`, express.json(), (req, res) => {
    const fault = parse(req.body);
    if (typeof fault === "string") return res.status(400).json({ message: fault });
    set(fault);
    res.json(fault);
  });
  return router;
}

/** Posts `body` to the control `action` of the stand-in for `host`; throws what the stand-in refused. */
export async function controlStandIn(border: BorderClient, host: string, action: string, body: unknown): Promise<void> {
  const path = `${CONTROL_PATH}/${action}`;
  const { status, body: answer } = await borderRequest(border, host, { method: "POST", path, body });
  if (status !== 200) throw new Error(`the stand-in for ${host} refused ${path}: HTTP ${status} ${answer}`);
}
