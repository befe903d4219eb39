import type { Connection } from "mongoose";
import type { YoutubeQuotaCounter } from "../youtube-quota-counter.ts";
import { whenReachable } from "./mongo-outage.ts";

/** One document per Pacific day (`_id`), so every process adds to and reads the same count (ADR 11). */
interface YoutubeQuotaDocument {
  _id: string;
  units: number;
}

export function mongoYoutubeQuotaCounter(connection: Connection): YoutubeQuotaCounter {
  const quota = connection.collection<YoutubeQuotaDocument>("youtube_quota");
  return {
    add: (day, units) =>
      whenReachable(async () => {
        // An upserting $inc is atomic on the one document, whichever process sends it; two first upserts of a day
        // that collide on _id are retried by the server itself, the filter being an equality on the unique key
        // (SERVER-37124, SERVER-47212 for findAndModify), so none is lost.
        const spent = await quota.findOneAndUpdate(
          { _id: day },
          { $inc: { units } },
          { upsert: true, returnDocument: "after" },
        );
        return spent?.units ?? units;
      }),
    unitsOn: (day) => whenReachable(async () => (await quota.findOne({ _id: day }))?.units ?? 0),
  };
}
