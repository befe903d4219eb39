/**
 * A Map whose entries vanish at their own expiry time; expired entries are swept when the map grows,
 * so memory stays bounded by the entries still alive.
 */
export function createExpiringMap<V>(sweepAbove = 10_000) {
  const entries = new Map<string, { value: V; expiresAt: number }>();

  function sweep(now: number): void {
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  }

  return {
    get(key: string, now = Date.now()): { value: V; expiresAt: number } | undefined {
      const entry = entries.get(key);
      if (entry && entry.expiresAt <= now) {
        entries.delete(key);
        return undefined;
      }
      return entry;
    },
    set(key: string, value: V, expiresAt: number, now = Date.now()): void {
      if (entries.size >= sweepAbove) sweep(now);
      entries.set(key, { value, expiresAt });
    },
  };
}
