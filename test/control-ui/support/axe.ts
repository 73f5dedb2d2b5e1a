/**
 * axe-core in a real page of the Control UI, for the harness's and the plugin's browser suites:
 * the WCAG 2.0–2.2 A/AA rules on the elements `selector` matches, each violation as
 * "rule: targets" so a failure names what to fix.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export async function axeViolations(on: Page, selector: string): Promise<string[]> {
  await on.evaluate(AXE_SOURCE);
  return on.evaluate(async (target) => {
    const axe = (
      window as unknown as {
        axe: { run(context: Element[], options: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run([...document.querySelectorAll(target)], {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"] },
    });
    return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  }, selector);
}
