import { expect, test } from '@playwright/test';
import config from '../playwright.config';
import { pullDown } from './app-helpers';

/**
 * A visitor writes through the contact page; the owner, on a tablet, sees the unread count in the
 * header and on the summary, opens the message in the Inbox tab and answers it by e-mail from the
 * dashboard; a second message shows when the owner pulls the page down. Other tests may have left
 * messages: this one finds its own by subject.
 */
const servers = [config.webServer ?? []].flat();
const env = servers.find((server) => server.command.includes('api/dist/main.js'))?.env ?? {};
const ADMIN = { username: env.ADMIN_USERNAME ?? 'admin', password: env.ADMIN_PASSWORD ?? '' };

test.use({ viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1, isMobile: false, hasTouch: true, serviceWorkers: 'block' });

test('a visitor’s message reaches the owner’s inbox, and the owner answers it from the dashboard', async ({ page }) => {
  const subject = `Cocoa for our café ${Date.now().toString(36)}`;

  await test.step('the visitor sends a message from the contact page', async () => {
    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).fill('Zoë Ó Briain');
    await page.getByLabel('Email', { exact: true }).fill('zoe@example.ie');
    await page.getByLabel('Subject', { exact: true }).fill(subject);
    await page.getByLabel('Message', { exact: true }).fill('Could we buy forty bags a month for our café in Cork?\n\nThanks, Zoë');
    await page.getByRole('button', { name: 'SEND MESSAGE' }).tap();
    await expect(page.getByText('Message Sent!')).toBeVisible();
  });

  await test.step('the owner signs in: the header and the summary show unread messages', async () => {
    await page.goto('/auth?redirect=/admin');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).tap();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('button', { name: new RegExp(`^${ADMIN.username}$`, 'i') })).toHaveAccessibleDescription(/^\d+ unread messages?$/);
    await expect(page.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true');
    const unread = page.getByRole('region', { name: 'Unread messages' });
    await expect(unread).toBeVisible();
    await unread.getByRole('link', { name: 'Open Inbox' }).tap();
    await expect(page.getByRole('tab', { name: /^Inbox \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
  });

  await test.step('opens the message, replies, and the reply is kept in the thread', async () => {
    const row = page.getByRole('button', { name: new RegExp(subject) });
    await expect(row).toHaveClass(/is-unread/);
    await row.tap();
    await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
    await expect(page.getByText('Could we buy forty bags a month for our café in Cork?')).toBeVisible();
    // Opened, it is read.
    await expect(page.getByRole('button', { name: 'Mark unread' })).toBeVisible();

    const box = page.getByRole('button', { name: 'Send' }).boundingBox();
    expect((await box)!.height).toBeGreaterThanOrEqual(44);
    await page.getByLabel('Reply to Zoë Ó Briain').fill('Dear Zoë,\n\nYes: forty bags a month is no trouble. We will send a price list.');
    await page.getByRole('button', { name: 'Send' }).tap();
    await expect(page.getByText('Reply queued')).toBeVisible();
    const thread = page.getByRole('region', { name: 'Replies' });
    await expect(thread).toContainText('Yes: forty bags a month is no trouble.');
    await expect(thread).toContainText(`${ADMIN.username} replied`);

    await page.getByRole('button', { name: 'Back to messages' }).tap();
    await expect(page.getByRole('button', { name: new RegExp(subject) })).not.toHaveClass(/is-unread/);
  });

  await test.step('a message that arrives meanwhile shows when the owner pulls the page down', async () => {
    const later = `${subject}, again`;
    await expect(page.getByRole('button', { name: new RegExp(subject) })).toBeVisible();
    const sent = await page.request.post('/api/contact', {
      data: { name: 'Zoë Ó Briain', email: 'zoe@example.ie', subject: later, message: 'And could you deliver on Fridays?' },
    });
    expect(sent.status()).toBe(200);
    const row = page.getByRole('button', { name: new RegExp(later) });
    await expect(row).toBeHidden();
    await pullDown(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }));
    await expect(row).toBeVisible();
    await expect(row).toHaveClass(/is-unread/);
  });
});
