import axe from "axe-core";
import type { Frame, Page } from "@playwright/test";

const WCAG_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe's WCAG A/AA violations on the page as it stands, in each of its frames, one line each. axe is loaded once per
 * document and run there: `@axe-core/playwright` loaded it afresh on every call and finished in a new blank page,
 * about eight times the CPU of the audit itself.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  for (const frame of page.frames()) violations.push(...(await frameViolations(frame)));
  return violations;
}

async function frameViolations(frame: Frame): Promise<string[]> {
  if (!(await frame.evaluate(() => "axe" in globalThis))) await frame.evaluate(axe.source);
  return frame.evaluate(async (values) => {
    const { axe } = globalThis as unknown as { axe: typeof import("axe-core") };
    // Each frame is audited here in turn, so axe does not wait for frames it was not loaded into.
    const { violations } = await axe.run(document, { runOnly: { type: "tag", values }, iframes: false });
    return violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(" ")).join(", ")}`);
  }, WCAG_A_AA);
}
