import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * Runs axe-core in the page (WCAG 2.x A and AA rules) and answers the violations of the given impacts.
 * axe-core is injected as a script, so the context needs bypassCSP (the shop's CSP allows only its own
 * nonce'd scripts). @axe-core/playwright would do the same but needs Node 22.
 */
export async function axeViolations(page: Page, impacts: readonly string[] = ['serious', 'critical']): Promise<Result[]> {
  await page.addScriptTag({ path: axePath });
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
  });
  return results.violations.filter((violation) => impacts.includes(violation.impact ?? ''));
}

/** One line per violation and node, readable in a failed assertion. */
export function describeViolations(violations: readonly Result[]): string[] {
  return violations.flatMap((v) => v.nodes.map((node) => `${v.impact} ${v.id}: ${node.target.join(' ')} — ${v.help}`));
}
