import { Writable } from "node:stream";

/** One line the server logged, as pino wrote it. */
export type LogLine = Record<string, unknown> & { level: number; msg?: string; requestId?: string };

/** A log destination for a test server, and every line written to it so far. */
export function captureLogs(): { destination: Writable; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) if (line) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { destination, lines };
}
