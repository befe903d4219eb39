/** A claim's date as the visitor reads it ("November 5, 2026"), in their own time zone. */
export function formatClaimDate(iso: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(new Date(iso));
}
