/**
 * The value of one series in a /metrics answer, `series` being its name and labels as Prometheus writes them
 * (`tube_x_total{reason="unsigned"}`); 0 for a series not written yet, as a counter that has not counted.
 */
export function metricValue(metricsText: string, series: string): number {
  const line = metricsText.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
