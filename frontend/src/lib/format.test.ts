import { describe, expect, it } from "vitest";
import { shortenAddress, youtubeChannelUrl, youtubeSubscribeUrl } from "./format.ts";

describe("shortenAddress", () => {
  it("when given a full address, then keeps the first 6 and last 4 characters", () => {
    expect(shortenAddress("0x70997970C51812dc3A010C7d01b50e0aec7dcbf3")).toBe("0x7099...cbf3");
  });

  it("when given a string too short to shorten, then returns it unchanged", () => {
    expect(shortenAddress("0x1234")).toBe("0x1234");
  });
});

describe("youtube links", () => {
  it("when given a channel id, then builds the channel and subscribe-confirmation URLs", () => {
    expect(youtubeChannelUrl("UCabc")).toBe("https://www.youtube.com/channel/UCabc");
    expect(youtubeSubscribeUrl("UCabc")).toBe("https://www.youtube.com/channel/UCabc?sub_confirmation=1");
  });
});
