import mongoose, { type Connection } from "mongoose";

export interface MongoConnectionOptions {
  uri: string;
  /** Overrides the database named in the URI (tests use one database per run). */
  dbName?: string;
}

/** The store's one connection, its own so nothing else shares mongoose's global one. */
export async function openMongoConnection(options: MongoConnectionOptions): Promise<Connection> {
  const connection = mongoose.createConnection(options.uri, {
    ...(options.dbName ? { dbName: options.dbName } : {}),
    // Fail fast instead of queueing queries while the server is unreachable.
    bufferCommands: false,
    serverSelectionTimeoutMS: 10_000,
    // An acknowledged reservation must survive a failover: a rolled-back one would let the wallet claim again.
    w: "majority",
    journal: true,
    readConcernLevel: "majority",
  });
  try {
    await connection.asPromise();
  } catch (error) {
    await connection.close();
    throw error;
  }
  return connection;
}
