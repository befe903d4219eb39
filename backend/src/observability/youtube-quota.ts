import type { ClaimStore } from "../store/claim-store.ts";
import type { Logger } from "./logger.ts";
import type { Metrics } from "./metrics.ts";
import { quotaDay } from "./quota-day.ts";

/** `ops/alerts.yml` fires at the same point. */
const WARN_AT_SHARE = 0.8;

/** The store's per-day counter, which every process adds to (ADR 11). */
export function createYoutubeQuotaMeter(deps: {
  dailyQuotaUnits: number;
  store: Pick<ClaimStore, "youtubeQuota">;
  metrics: Pick<Metrics, "youtubeQuotaUnits">;
  logger: Pick<Logger, "warn" | "error">;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const warnAtUnits = WARN_AT_SHARE * deps.dailyQuotaUnits;
  return {
    /** Never rejects: a failed count must not fail the visitor's call. */
    async spend(units: number) {
      deps.metrics.youtubeQuotaUnits.inc(units);
      try {
        const today = await deps.store.youtubeQuota.add(quotaDay(now()), units);
        // The store hands out each total once, so one call in any process sees the crossing.
        if (today - units < warnAtUnits && today >= warnAtUnits)
          deps.logger.warn(
            { youtubeQuotaUnitsToday: today, dailyQuotaUnits: deps.dailyQuotaUnits },
            "YouTube quota above 80% of the daily limit; verifications fail once it is spent",
          );
      } catch (error) {
        deps.logger.error({ err: error, units }, "could not count YouTube quota units in the store");
      }
    },
    unitsToday: () => youtubeQuotaUnitsToday(deps.store, now()),
  };
}

export function youtubeQuotaUnitsToday(store: Pick<ClaimStore, "youtubeQuota">, at = new Date()) {
  return store.youtubeQuota.unitsOn(quotaDay(at));
}
