import type { z } from "zod";
import { AppError } from "../errors.ts";

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const firstIssue = result.error.issues[0];
  const field = firstIssue?.path.join(".") ?? "";
  if (field === "walletAddress") throw new AppError("INVALID_WALLET_ADDRESS", { cause: result.error });
  const detail = firstIssue ? `Invalid request: ${field || "body"} ${firstIssue.message}.` : undefined;
  throw new AppError("VALIDATION_FAILED", { cause: result.error, detail });
}
