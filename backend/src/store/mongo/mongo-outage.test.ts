import mongoose from "mongoose";
import { describe, expect, it } from "vitest";
import { AppError } from "../../errors.ts";
import { whenReachable } from "./mongo-outage.ts";

const { mongo } = mongoose;

/** What `whenReachable` turns a failed operation's error into: the AppError's code, or the error's own name. */
async function answerTo(error: Error): Promise<string> {
  const thrown = await whenReachable(() => Promise.reject(error)).catch((caught: unknown) => caught);
  return thrown instanceof AppError ? thrown.code : (thrown as Error).name;
}

function serverError(code: number, errorLabels: string[] = []) {
  return new mongo.MongoServerError({ message: `server error ${code}`, code, errorLabels });
}

describe("MongoDB outage mapping", () => {
  it.each([
    ["a network error", new mongo.MongoNetworkError("connection reset")],
    ["a closed client", new mongo.MongoClientClosedError()],
    ["a write the driver's retry did not carry past a failover", serverError(189, ["RetryableWriteError"])],
  ])("when %s fails an operation, then it answers STORE_UNAVAILABLE", async (_, error) => {
    expect(await answerTo(error)).toBe("STORE_UNAVAILABLE");
  });

  it("when an operation fails for any other reason, then the error passes as it was", async () => {
    expect(await answerTo(serverError(11000))).toBe("MongoServerError");
    expect(await answerTo(new Error("a bug"))).toBe("Error");
  });
});
