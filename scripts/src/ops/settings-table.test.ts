import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SETTING_KEYS } from "@tube/backend/config";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** The README's settings table: one row per setting the server reads, each with why an operator would set it. */
async function settingsTable(): Promise<Array<{ key: string; why: string }>> {
  const readme = await fs.readFile(path.join(ROOT, "README.md"), "utf8");
  const table = readme.slice(readme.indexOf("| Setting "));
  const rows = table.slice(0, table.indexOf("\n\n")).split("\n").slice(2);
  return rows.map((row) => {
    const [key = "", , why = ""] = row
      .split("|")
      .slice(1)
      .map((cell) => cell.trim());
    return { key: key.replaceAll("`", ""), why };
  });
}

describe("the README's settings table", () => {
  it("when the server's settings are listed, then each has exactly one row, and no row names anything else", async () => {
    const keys = (await settingsTable()).map((row) => row.key);
    expect(keys.toSorted()).toEqual([...SETTING_KEYS].toSorted());
  });

  it("when a setting is listed, then its row says why an operator would set it", async () => {
    expect((await settingsTable()).filter((row) => row.why.length === 0)).toEqual([]);
  });
});
