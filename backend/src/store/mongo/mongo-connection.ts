import mongoose, { type Connection, type mongo } from "mongoose";

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

/** The server's admin commands over `connection`, which must be open. */
export function adminOf(connection: Connection): mongo.Admin {
  const db = connection.db;
  if (!db) throw new Error("MongoDB connection is not open");
  return db.admin();
}
