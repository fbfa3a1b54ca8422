import { expect, test } from '@playwright/test';
import { openAdminSection, tookOver } from './app-helpers';
import { signInWithTaps, TABLET } from './live-helpers';

/**
 * The legal pages against the production build: a visitor follows the footer's "Refund and
 * cancellation policy" to the page, which states the booking rules in force (the defaults: 25 %
 * deposit, full refund 14 or more days before); the owner edits the privacy policy in Admin →
 * Legal pages, sees the preview, saves, and the public page shows the edit.
 */
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

test('the footer opens the refund and cancellation policy with the booking rules in force', async ({ page }) => {
  await page.goto('/');
  await expect(tookOver(page)).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Refund and cancellation policy', exact: true }).click();
  await expect(page).toHaveURL(/\/refund-policy$/);
  const main = page.locator('main#main');
  await expect(main.getByRole('heading', { level: 1, name: 'Refund and cancellation policy' })).toBeVisible();
  await expect(main.getByText(/its deposit: 25 % of the price/)).toBeVisible();
  await expect(main.getByText(/cancel 14 or more days before the event day/)).toBeVisible();
});

test('the owner edits the privacy policy in the admin and the public page shows the edit', async ({ browser }) => {
  const context = await browser.newContext({ ...TABLET, serviceWorkers: 'block' });
  const page = await context.newPage();
  await signInWithTaps(page, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await openAdminSection(page, 'Legal pages');

  const text = page.getByLabel('Privacy Policy: text (Markdown)');
  await expect(text).toHaveValue(/__Host-cocoa\.sid/);
  const original = await text.inputValue();
  const edit = `## A note from the owner ${tag}\n\nWe never sell your data.\n\n${original}`;
  await text.fill(edit);
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { level: 2, name: `A note from the owner ${tag}` })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save page' });
  await save.click();
  // Saved: the editor starts again from the stored text, with nothing left to save.
  await expect(page.getByText(/^Saved /)).toBeVisible();
  await expect(save).toBeDisabled();

  await page.goto('/privacy');
  const main = tookOver(page).locator('main#main');
  await expect(main.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(main.getByRole('heading', { level: 2, name: `A note from the owner ${tag}` })).toBeVisible();
  await expect(main.getByText('We never sell your data.')).toBeVisible();

  // Back to the default text, so the other specs read the page as shipped.
  await page.goto('/admin?tab=legal');
  await page.getByRole('button', { name: 'Restore default text' }).click();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(save).toBeDisabled();
  await expect(text).toHaveValue(original);
  await context.close();
});
