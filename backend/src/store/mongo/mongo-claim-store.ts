/** The store for several server instances: every part of it shares the one connection `openMongoConnection` makes. */
import type { ClaimStore } from "../claim-store.ts";
import { openMongoBudgetCounter } from "./mongo-budget-counter.ts";
import { openMongoClaimRepository } from "./mongo-claim-repository.ts";
import { adminOf, openMongoConnection, type MongoConnectionOptions } from "./mongo-connection.ts";
import { mongoGateKey } from "./mongo-gate-key.ts";
import { mongoOperatorControls } from "./mongo-operator-controls.ts";
import { whenReachable } from "./mongo-outage.ts";
import { openMongoRateLimitCounters } from "./mongo-rate-limit-counters.ts";
import { requireTransactions } from "./mongo-transactions.ts";
import { mongoYoutubeQuotaCounter } from "./mongo-youtube-quota-counter.ts";

export async function openMongoClaimStore(options: MongoConnectionOptions & { gateKey?: string }): Promise<ClaimStore> {
  const connection = await openMongoConnection(options);
  try {
    await requireTransactions(connection);
    const keyCheck = mongoGateKey(connection);
    await keyCheck.verify(options.gateKey);
    // The claims first: their indexes exist before the budget counts them and before anyone can reserve.
    const claims = await openMongoClaimRepository(connection, options.gateKey, keyCheck);
    return {
      claims,
      budget: await openMongoBudgetCounter(connection),
      youtubeQuota: mongoYoutubeQuotaCounter(connection),
      rateLimits: await openMongoRateLimitCounters(connection),
      operator: mongoOperatorControls(connection),
      ping: () =>
        whenReachable(async () => {
          await adminOf(connection).ping();
        }),
      async close() {
        await connection.close();
      },
    };
  } catch (error) {
    await connection.close();
    throw error;
  }
}
