import { expect, type Locator } from '@playwright/test';

/**
 * Moves the month calendar inside `scope` forward to the month of `day` ('YYYY-MM-DD') and answers
 * that day's button. `scope` must be inside the app once it has taken over (app-helpers.ts'
 * tookOver): the server's HTML paints the same calendar, and a click on it before then is only made once the app is in
 * (pwa/src/app/early-input.ts), so months counted there would race. Each 'Next month' waits for
 * the grid's month to change before looking again, so a month drawn late is not skipped.
 */
export async function calendarDay(scope: Locator, day: string, maxMonths = 4): Promise<Locator> {
  const grid = scope.getByRole('grid');
  const button = scope.locator(`[data-day="${day}"]`);
  await expect(grid).toBeVisible();
  for (let i = 0; i < maxMonths && (await button.count()) === 0; i++) {
    const shown = (await grid.getAttribute('aria-label')) ?? '';
    await scope.getByRole('button', { name: 'Next month' }).click();
    await expect(grid).not.toHaveAttribute('aria-label', shown);
  }
  await expect(button).toBeVisible();
  return button;
}
