/** YouTube quota units spent per Google quota day (a Pacific date `YYYY-MM-DD`), shared by every process on the store. */
export interface YoutubeQuotaCounter {
  /** Adds `units` to `day`'s total in one atomic step; returns the day's new total. */
  add(day: string, units: number): Promise<number>;
  /** The units spent on `day`; 0 when none were. */
  unitsOn(day: string): Promise<number>;
}
