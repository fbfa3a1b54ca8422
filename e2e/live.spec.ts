import { expect, test } from '@playwright/test';
import { ADMIN, adminRequest, BASE, checkOutIfLive, openTracker, signInWithTaps, tablet, todaysStop } from './live-helpers';

/**
 * The live tracker end to end: the owner on a touch tablet checks in at
 * today's stop → a visitor's phone with /cocoa-tracker already open (its service worker in control)
 * shows 'Serving now at …' within 2 s, without a reload, over the live stream; then 'Sold out of
 * Iced Mocha …'; check-out clears it. Along the way: the live marker on the map, the home page's
 * line and the /events page's 'Here now'.
 */
/** Changes reach visitors within this (the promise), measured from the owner's tap. */
const LIVE_WITHIN_MS = 2_000;

test.afterAll(async ({ request }) => {
  // Never leave the cart checked in for the specs that follow (the tracker's marker count).
  await adminRequest(request);
  await checkOutIfLive(request);
});

test("the owner checks in on a tablet and a visitor's open tracker shows it within 2 s, then what sold out, then the check-out", async ({
  browser,
  request,
}) => {
  expect(ADMIN.password, 'playwright.config.ts sets ADMIN_PASSWORD for the server').not.toBe('');
  await adminRequest(request);
  await checkOutIfLive(request);
  const stop = await todaysStop(request);
  const place = stop.location ?? stop.title;
  const servingNow = `Serving now at ${place}`;

  const visitorContext = await browser.newContext({ ...test.info().project.use, baseURL: BASE, serviceWorkers: 'allow' });
  const visitor = await visitorContext.newPage();
  const banner = visitor.locator('.live-banner [role="status"]');
  await test.step('a visitor on a phone has the tracker open: nothing live yet', async () => {
    await openTracker(visitor);
    await expect(banner).toBeEmpty();
  });

  const ownerContext = await tablet(browser);
  const owner = await ownerContext.newPage();
  await test.step("the owner signs in on the tablet and opens We're here from the header's menu", async () => {
    await signInWithTaps(owner, '/');
    await expect(owner.getByRole('heading', { level: 1, name: 'Experience Cocoa Like Never Before' })).toBeVisible();
    // two taps from the home screen
    await owner.locator('.header__user').tap();
    await owner.getByRole('link', { name: "We're here" }).tap();
    await expect(owner).toHaveURL(/\/admin\?tab=live$/);
    await expect(owner.getByRole('tab', { name: "We're here" })).toHaveAttribute('aria-selected', 'true');
    await expect(owner.getByRole('heading', { name: "You're not checked in" })).toBeVisible();
  });

  await test.step("checks in at today's stop: the visitor's tracker says so within 2 s, without a reload", async () => {
    await owner
      .getByRole('radio', { name: new RegExp(stop.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .first()
      .check();
    await owner.getByRole('button', { name: "We're here" }).tap();
    await expect(banner.getByText(servingNow)).toBeVisible({ timeout: LIVE_WITHIN_MS });
    await expect(owner.getByRole('region', { name: 'Visitors see' }).getByText(servingNow)).toBeVisible();
    await expect(owner.locator('ion-toast').getByText("You're checked in")).toBeVisible();
  });

  await test.step('the live marker is on the visitor’s map, and View on map centres it', async () => {
    await visitor.locator('.live-banner').getByRole('button', { name: 'View on map' }).click();
    const marker = visitor.getByRole('button', { name: 'The cart is here now' });
    await expect(marker).toBeVisible();
    await expect(marker).toHaveClass(/live-marker/);
  });

  await test.step('sold out of Iced Mocha shows too', async () => {
    await owner.getByLabel('Sold out of').selectOption('Iced Mocha Cocoa');
    await owner.getByRole('button', { name: 'Mark sold out' }).tap();
    await expect(banner.getByText('Sold out of Iced Mocha Cocoa')).toBeVisible({ timeout: LIVE_WITHIN_MS });
    await expect(banner.getByText(servingNow)).toBeVisible();
  });

  await test.step("with the signal lost, the visitor still sees it, with its time ('as of …'); back online, it is live again", async () => {
    await visitorContext.setOffline(true);
    await expect(banner.getByText(/^as of \d{1,2}:\d{2} [AP]M/)).toBeVisible();
    await expect(banner.getByText(servingNow)).toBeVisible();
    await visitorContext.setOffline(false);
    await expect(banner.getByText(/^as of /)).toBeHidden();
  });

  await test.step("the home page shows the same line, and /events marks the stop 'Here now'", async () => {
    const other = await visitorContext.newPage();
    await other.goto('/');
    const line = other.getByRole('link', { name: servingNow });
    await expect(line).toBeVisible();
    await expect(line).toHaveAttribute('href', '/cocoa-tracker');
    await other.goto('/events');
    await expect(other.locator('.upcoming-list li').filter({ hasText: stop.title }).first().getByText('Here now')).toBeVisible();
    await other.close();
  });

  await test.step('check-out (confirmed) clears it on the visitor’s tracker', async () => {
    await owner.getByRole('button', { name: 'Check out' }).tap();
    const dialog = owner.getByRole('alertdialog', { name: 'Check out?' });
    await dialog.getByRole('button', { name: 'Check out' }).tap();
    await expect(banner.getByText(servingNow)).toBeHidden({ timeout: LIVE_WITHIN_MS });
    await expect(banner).toBeEmpty();
    await expect(visitor.getByRole('button', { name: 'The cart is here now' })).toHaveCount(0);
    await expect(owner.getByRole('heading', { name: "You're not checked in" })).toBeVisible();
  });

  await test.step('the history lists the changes, newest first', async () => {
    const history = owner.getByRole('region', { name: 'Recent changes' }).getByRole('listitem');
    await expect(history.nth(0)).toContainText('Checked out');
    await expect(history.nth(1)).toContainText('Sold out of Iced Mocha Cocoa');
    await expect(history.nth(2)).toContainText(`Checked in at ${place}`);
  });

  await ownerContext.close();
  await visitorContext.close();
});
