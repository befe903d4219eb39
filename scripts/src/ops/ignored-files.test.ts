import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** Asks git itself, so the answer is what `git add` would do with the file. */
function gitIgnores(file: string): boolean {
  try {
    execFileSync("git", ["check-ignore", "--quiet", "--no-index", file], { cwd: ROOT, stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe("files holding settings", () => {
  it("when an operator keeps settings in .env or any .env.<name>, then git ignores it, but not .env.example", () => {
    for (const file of [".env", ".env.production", ".env.local", ".env.staging.backup"])
      expect(gitIgnores(file), file).toBe(true);
    expect(gitIgnores(".env.example")).toBe(false);
  });

  it("when the image is built, then no .env file but the example is sent to Docker", () => {
    const lines = fs.readFileSync(path.join(ROOT, ".dockerignore"), "utf8").split("\n");
    expect(lines).toEqual(expect.arrayContaining([".env", ".env.*", "!.env.example"]));
    expect(lines.indexOf("!.env.example")).toBeGreaterThan(lines.indexOf(".env.*"));
  });

  it("when the image is built, then what git ignores as installed, local or test output stays out of the context", () => {
    const lines = fs.readFileSync(path.join(ROOT, ".dockerignore"), "utf8").split("\n");
    const ignored = ["node_modules", ".data", "test-results", "playwright-report", "coverage", ".artifacts"];
    expect(lines).toEqual(expect.arrayContaining(ignored));
  });
});
