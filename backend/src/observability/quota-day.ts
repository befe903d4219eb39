/** YouTube's daily quota resets at midnight Pacific time. */
const PACIFIC_TIME = new Intl.DateTimeFormat("sv-SE", {
  timeZone: "America/Los_Angeles",
  dateStyle: "short",
  timeStyle: "medium",
  hourCycle: "h23",
});

export function quotaDay(at: Date) {
  return PACIFIC_TIME.format(at).slice(0, 10);
}

/** An hour off on the days the clocks change, fine for a Retry-After. */
export function secondsUntilPacificMidnight(now: Date) {
  const [hours, minutes, seconds] = PACIFIC_TIME.format(now).slice(11).split(":").map(Number);
  return 86_400 - ((hours ?? 0) * 3600 + (minutes ?? 0) * 60 + (seconds ?? 0));
}
