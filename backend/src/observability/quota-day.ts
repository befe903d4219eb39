/** YouTube's quota day: its daily units reset at midnight Pacific time (America/Los_Angeles, with DST). */
const PACIFIC_TIME = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/Los_Angeles",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

function pacificParts(at: Date): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  return Object.fromEntries(PACIFIC_TIME.formatToParts(at).map(({ type, value }) => [type, value]));
}

/** The Pacific calendar date (YYYY-MM-DD) that `at` falls on. */
export function quotaDay(at: Date): string {
  const { year, month, day } = pacificParts(at);
  return `${year}-${month}-${day}`;
}

/** Seconds from `now` to the next Pacific midnight; an hour off on the days the clocks change, fine for a Retry-After. */
export function secondsUntilPacificMidnight(now: Date): number {
  const { hour, minute, second } = pacificParts(now);
  return 86_400 - (Number(hour) * 3600 + Number(minute) * 60 + Number(second));
}
