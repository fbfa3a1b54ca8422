import { act } from '@testing-library/react';
import axe, { type AxeResults } from 'axe-core';

/**
 * axe-core on a rendered page, with the rules e2e/a11y.spec.ts runs on the built app (WCAG 2.0/2.1
 * A and AA and best practices), less what jsdom cannot tell (colour contrast: no layout; a label
 * matching the visible text: axe measures icon fonts on a canvas) and what only the app's frame
 * gives (its landmarks).
 */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  let results: AxeResults | undefined;
  // Answers arriving meanwhile (the page's calls) render inside act.
  await act(async () => {
    results = await axe.run(container, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      rules: { 'color-contrast': { enabled: false }, 'label-content-name-mismatch': { enabled: false }, region: { enabled: false } },
    });
  });
  const violations = results?.violations ?? [];
  expect(violations.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
