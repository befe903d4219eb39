import express, { Router } from "express";
import { sendEngineError } from "./engine-http.ts";
import { FAULT_MODES, parseFault, type FaultSwitch } from "./faults.ts";

/** The HTTP path of fault injection; outside Engine's API so it cannot clash with it. */
export const FAULTS_PATH = "/__emulator/faults";

/**
 * POST {mode, count = 1, reads?, wallet?} sets the pending fault (replacing any for the same wallet, or for everyone),
 * DELETE clears them all, GET reads one (`?wallet=` names whose); each answers `{ fault }` with what is still pending,
 * and GET adds `fired`, the times each mode was applied so far. None of this exists at Engine, so it needs no
 * credentials.
 */
export function faultRoutes(faults: FaultSwitch): Router {
  const router = Router();
  // Any content type: callers post JSON without always saying so.
  router.use(FAULTS_PATH, express.json({ type: () => true }));

  router.get(FAULTS_PATH, (request, response) => {
    const wallet = typeof request.query.wallet === "string" ? request.query.wallet : undefined;
    response.json({ fault: faults.pending(wallet), fired: faults.fired() });
  });
  router.delete(FAULTS_PATH, (_request, response) => {
    faults.clear();
    response.json({ fault: null });
  });
  router.post(FAULTS_PATH, (request, response) => {
    const fault = parseFault(request.body);
    if (!fault) {
      const modes = FAULT_MODES.map((mode) => `"${mode}"`).join(" | ");
      return sendEngineError(
        response,
        400,
        "VALIDATION_ERROR",
        `Expected {"mode": ${modes}, "count": n, "wallet"?: address}`,
      );
    }
    faults.set(fault);
    response.json({ fault: faults.pending(fault.wallet) });
  });
  return router;
}
