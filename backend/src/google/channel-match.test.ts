import { describe, expect, it } from "vitest";
import { matchesChannel } from "./channel-match.ts";

const alice = { id: "UCalice", title: "Alice Watches", handle: "@alicewatches" };

describe("matchesChannel", () => {
  it.each([
    "@alicewatches",
    "alicewatches",
    "  @AliceWatches ",
    "ALICEWATCHES",
    "Alice Watches",
    "alice watches",
    " @Alice Watches",
  ])("when the visitor types %j, then it names Alice's channel", (typed) => {
    expect(matchesChannel(typed, alice)).toBe(true);
  });

  it.each(["@bobbuilds", "alice", "@alice watches2", "", "   ", "@"])(
    "when the visitor types %j, then it does not",
    (typed) => {
      expect(matchesChannel(typed, alice)).toBe(false);
    },
  );

  it("when the channel has no handle, then only its title counts", () => {
    const untitled = { ...alice, handle: null };
    expect(matchesChannel("Alice Watches", untitled)).toBe(true);
    expect(matchesChannel("@alicewatches", untitled)).toBe(false);
  });
});
