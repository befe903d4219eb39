/** The README's table, .env.example and compose's settings from backend/src/settings.ts; `--check` diffs. */
import fs from "node:fs/promises";
import path from "node:path";
import prettier from "prettier";
import { operatorSettingsSchema, settingsSchema } from "@tube/backend/config";
import { SETTINGS_TABLE } from "@tube/backend/settings";

const ROOT = path.resolve(import.meta.dirname, "../..");
const README = path.join(ROOT, "README.md");
const ENV_EXAMPLE = path.join(ROOT, ".env.example");
const COMPOSE = path.join(ROOT, "docker-compose.yml");
const START = "<!-- settings: written by `npm run settings` from backend/src/settings.ts -->";
const END = "<!-- /settings -->";
const COMPOSE_START = "      # settings: written by `npm run settings` from backend/src/settings.ts\n";
const COMPOSE_END = "      # /settings\n";
/** Compose sets these itself, below the generated block. */
const COMPOSE_OWN = ["NODE_ENV", "PORT", "MONGODB_URI", "TRUST_PROXY"];

const rows = [settingsSchema, operatorSettingsSchema].flatMap((schema) =>
  Object.keys(schema.shape).map((key) => {
    const [meaning, why, local] = SETTINGS_TABLE[key as keyof typeof SETTINGS_TABLE].split(" | ");
    return { key, meaning, why, local };
  }),
);
const settings = rows.filter((row) => row.why !== "");
const readmeSection = [
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

// Every setting the server reads, from .env or the environment; empty means unset, as in .env.
const composeSection = Object.keys(settingsSchema.shape)
  .filter((key) => !COMPOSE_OWN.includes(key))
  .map((key) => `      ${key}: \${${key}:-}\n`)
  .join("");

async function between(file: string, start: string, end: string, section: string) {
  const text = await fs.readFile(file, "utf8");
  const [before, rest] = text.split(start);
  const after = rest?.split(end)[1];
  if (before === undefined || after === undefined)
    throw new Error(`${path.relative(ROOT, file)} lacks the ${start.trim()} … ${end.trim()} markers`);
  return `${before}${start}${section}${end}${after}`;
}

async function expected() {
  const options = { ...(await prettier.resolveConfig(README)), filepath: README };
  return new Map([
    [README, await prettier.format(await between(README, START, END, `\n\n${readmeSection}\n\n`), options)],
    [ENV_EXAMPLE, `${envExample}\n`],
    [COMPOSE, await between(COMPOSE, COMPOSE_START, COMPOSE_END, composeSection)],
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
