import { describe, expect, it } from "vitest";
import { shortenAddress } from "./format.ts";

describe("shortenAddress", () => {
  it("when given a full address, then keeps the first 6 and last 4 characters", () => {
    expect(shortenAddress("0x70997970C51812dc3A010C7d01b50e0aec7dcbf3")).toBe("0x7099...cbf3");
  });

  it("when given a string too short to shorten, then returns it unchanged", () => {
    expect(shortenAddress("0x1234")).toBe("0x1234");
  });
});
