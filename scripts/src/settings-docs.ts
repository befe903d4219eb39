/** Writes the README's settings table and .env.example from backend/src/settings.ts; `--check` fails if they differ. */
import fs from "node:fs/promises";
import path from "node:path";
import prettier from "prettier";
import { operatorSettingsSchema, settingsSchema } from "@tube/backend/config";
import { SETTINGS_TABLE } from "@tube/backend/settings";

const ROOT = path.resolve(import.meta.dirname, "../..");
const README = path.join(ROOT, "README.md");
const ENV_EXAMPLE = path.join(ROOT, ".env.example");
const START = "<!-- settings: written by `npm run settings` from backend/src/settings.ts -->";
const END = "<!-- /settings -->";

const rows = [settingsSchema, operatorSettingsSchema].flatMap((schema) =>
  Object.keys(schema.shape).map((key) => {
    const [meaning, why, local] = SETTINGS_TABLE[key as keyof typeof SETTINGS_TABLE].split(" | ");
    return { key, meaning, why, local };
  }),
);
const settings = rows.filter((row) => row.why !== "");
const readmeSection = [
  START,
  [
    "| Setting | Meaning | Why an operator sets it | Local default |",
    "| --- | --- | --- | --- |",
    ...settings.map((row) => `| \`${row.key}\` | ${row.meaning} | ${row.why} | ${row.local} |`),
  ].join("\n"),
  "The local world sets these itself, to reach its stand-ins; no operator needs them:",
  rows
    .filter((row) => row.why === "")
    .map((row) => `- \`${row.key}\`: ${row.meaning}.`)
    .join("\n"),
  END,
].join("\n\n");

const comment = (text: string) => text.replace(/(.{1,118})(?: |$)/g, "# $1\n").trimEnd();

const envExample = [
  comment(
    "TuBE Rewards settings, written by `npm run settings` from backend/src/settings.ts (the README's Configuration says " +
      "more). Copy to .env and fill in what you need: every variable left empty is filled by `npm start`'s local " +
      "world (local chain, Google and Engine stand-ins, embedded store), part by part. A value set here or in the " +
      "environment wins.",
  ),
  ...settings.map((row) => `${comment(`${row.meaning}. Why: ${row.why}. Default: ${row.local}.`)}\n${row.key}=`),
].join("\n\n");

async function expected(): Promise<Map<string, string>> {
  const readme = await fs.readFile(README, "utf8");
  const [before, rest] = readme.split(START);
  const after = rest?.split(END)[1];
  if (before === undefined || after === undefined) throw new Error(`README.md lacks the ${START} … ${END} markers`);
  const options = { ...(await prettier.resolveConfig(README)), filepath: README };
  return new Map([
    [README, await prettier.format(`${before}${readmeSection}${after}`, options)],
    [ENV_EXAMPLE, `${envExample}\n`],
  ]);
}

const check = process.argv.includes("--check");
let stale = false;
for (const [file, text] of await expected()) {
  if ((await fs.readFile(file, "utf8")) === text) continue;
  if (check) {
    stale = true;
    console.error(`${path.relative(ROOT, file)} differs from the settings table: run npm run settings`);
  } else await fs.writeFile(file, text);
}
process.exitCode = stale ? 1 : 0;
