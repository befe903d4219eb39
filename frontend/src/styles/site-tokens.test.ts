import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { system } from "../app/theme.ts";

const siteCss = readFileSync(path.join(import.meta.dirname, "site.css"), "utf8");

/** Each custom property of site.css that names its Chakra token in a comment, with that token's path. */
function namedTokens(): { property: string; value: string; token: string }[] {
  const declaration = /(--site-[\w-]+):\s*([^;]+);\s*\/\*\s*((?:colors|fonts)\.[\w.]+)/g;
  return [...siteCss.matchAll(declaration)].map(([, property, value, token]) => ({
    property: property!,
    value: value!,
    token: token!,
  }));
}

const normalized = (value: string) => value.replace(/\s+/g, " ").trim().toLowerCase();

describe("site.css", () => {
  it("when a custom property names a Chakra token, then it holds that token's value in the app's theme", () => {
    const tokens = namedTokens();
    expect(tokens.length).toBeGreaterThan(20);
    for (const { property, value, token } of tokens) {
      expect(normalized(value), `${property} (${token})`).toBe(normalized(String(system.token(token))));
    }
  });
});
