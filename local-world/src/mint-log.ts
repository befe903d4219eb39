import { randomBytes } from "node:crypto";

export function randomWallet() {
  return `0x${randomBytes(20).toString("hex")}`;
}
