import { describe, expect, it } from "vitest";
import { secondsUntilPacificMidnight } from "../observability/quota-day.ts";
import { matchesChannel, youtubeAppError } from "./youtube.ts";

const failure = (status: number | null, reason: string | null) => ({ status, reason, cause: new Error("test") });

describe("secondsUntilPacificMidnight", () => {
  it("when it is 23:00 in Los Angeles (summer, UTC-7), then one hour is left", () => {
    expect(secondsUntilPacificMidnight(new Date("2026-07-01T06:00:00Z"))).toBe(3600);
  });

  it("when it is 00:00:01 in Los Angeles (winter, UTC-8), then almost a full day is left", () => {
    expect(secondsUntilPacificMidnight(new Date("2026-01-15T08:00:01Z"))).toBe(86_399);
  });
});

describe("youtubeAppError", () => {
  it("when the reason is known, then it decides over the status", () => {
    expect(youtubeAppError(failure(401, "youtubeSignupRequired")).code).toBe("YOUTUBE_SIGNUP_REQUIRED");
    expect(youtubeAppError(failure(403, "subscriptionForbidden")).code).toBe("YOUTUBE_SUBSCRIPTION_FORBIDDEN");
    expect(youtubeAppError(failure(404, "subscriberNotFound")).code).toBe("YOUTUBE_SUBSCRIBER_NOT_FOUND");
  });

  it("when the reason is unknown, then the status decides", () => {
    expect(youtubeAppError(failure(401, "somethingNew")).code).toBe("GOOGLE_TOKEN_INVALID");
    expect(youtubeAppError(failure(429, null)).retryAfterSeconds).toBe(60);
    expect(youtubeAppError(failure(null, null)).code).toBe("YOUTUBE_UNAVAILABLE");
  });

  it("when the daily quota is spent, then the retry waits for Pacific midnight", () => {
    const error = youtubeAppError(failure(403, "quotaExceeded"), new Date("2026-07-01T06:00:00Z"));
    expect(error).toMatchObject({ code: "YOUTUBE_QUOTA_EXCEEDED", retryAfterSeconds: 3600 });
  });
});

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
