/** YouTube's quota day: its daily units reset at midnight Pacific time (America/Los_Angeles, with DST). */
const PACIFIC_DATE = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Los_Angeles",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The Pacific calendar date (YYYY-MM-DD) that `at` falls on. */
export function quotaDay(at: Date): string {
  return PACIFIC_DATE.format(at);
}
