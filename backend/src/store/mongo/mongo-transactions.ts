import type { Connection } from "mongoose";
import { ConfigError } from "../../config.ts";
import { adminOf } from "./mongo-connection.ts";
import { whenReachable } from "./mongo-outage.ts";

/** The part of MongoDB's `hello` reply that tells a standalone server from a replica set member or a mongos. */
export interface HelloReply {
  /** The replica set's name: present on its members only. */
  setName?: string;
  /** "isdbgrid" from a mongos (a sharded cluster, Atlas's included). */
  msg?: string;
}

/**
 * A standalone server has no multi-document transactions: it refuses `startTransaction`, so the first batch of claim
 * updates would fail instead of being all or nothing. The store refuses to open on one instead, naming the setting.
 */
export function refusalWithoutTransactions(hello: HelloReply): ConfigError | null {
  if (hello.setName !== undefined || hello.msg === "isdbgrid") return null;
  return new ConfigError(
    "Refusing to open the claim store:\n  MONGODB_URI: points at a standalone MongoDB server, which has no transactions; " +
      "the store needs a replica set (a single member will do: mongod --replSet, then rs.initiate()) or MongoDB Atlas",
  );
}

export async function requireTransactions(connection: Connection): Promise<void> {
  const hello = await whenReachable(async () => (await adminOf(connection).command({ hello: 1 })) as HelloReply);
  const refusal = refusalWithoutTransactions(hello);
  if (refusal) throw refusal;
}
