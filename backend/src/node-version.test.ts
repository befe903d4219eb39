import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nodeVersionProblem, REQUIRED_NODE_MAJOR } from "./node-version.ts";

describe("nodeVersionProblem", () => {
  it.each(["24.0.0", "24.21.0", "25.1.0"])("when Node is %s, then the server may start", (version) => {
    expect(nodeVersionProblem(version)).toBeUndefined();
  });

  it.each(["20.20.2", "22.12.0", "23.11.1"])("when Node is %s, then one line names the Node it needs", (version) => {
    expect(nodeVersionProblem(version)).toBe(`TuBE Rewards needs Node 24 or later; this is Node ${version}.`);
  });

  it("when package.json states the engines, then they ask for the same Node", () => {
    const manifest = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8"));
    expect(manifest.engines.node).toBe(`>=${REQUIRED_NODE_MAJOR}`);
  });
});
