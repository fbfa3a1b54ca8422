import { SHOP_CONTACT } from '@cocoa/shared-types';
import { TEST_ADMIN, useTestApp } from '../test/test-app';
import { mailTemplateList } from './templates';

describe('e-mail template previews (admin)', () => {
  // http: a Secure session cookie would not travel over the test's plain HTTP
  const t = useTestApp({ PUBLIC_URL: 'http://shop.cocoa.test', SHOP_TIME_ZONE: 'Pacific/Auckland', CONTACT_TO: 'owner@shop.cocoa.test' });

  it('answers 401 to an anonymous caller and 403 to a customer, on the list and on a preview', async () => {
    for (const path of ['/api/mail/templates', '/api/mail/templates/order-confirmation/preview']) {
      expect((await t.agent().get(path)).status).toBe(401);
    }
    const customer = t.agent();
    expect((await customer.post('/api/register').send({ username: 'mailpeek', email: 'mailpeek@example.com', password: 'secret-123' })).status).toBe(201);
    for (const path of ['/api/mail/templates', '/api/mail/templates/order-confirmation/preview']) {
      const res = await customer.get(path);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Admin access required');
    }
  });

  it('lists the templates with labels, and previews each as this shop: subject, HTML and text', async () => {
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const list = await admin.get('/api/mail/templates');
    expect(list.status).toBe(200);
    expect(list.body).toEqual(mailTemplateList());
    expect(list.body).toContainEqual({ name: 'order-shipped', label: 'Order shipped (to the customer)' });
    for (const { name } of list.body as Array<{ name: string }>) {
      const res = await admin.get(`/api/mail/templates/${name}/preview`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['html', 'subject', 'text']);
      expect(res.body.html).toContain('src="http://shop.cocoa.test/icons/icon-192.png"');
      expect(res.body.html).toContain('href="http://shop.cocoa.test"');
      expect(res.body.text).toContain(SHOP_CONTACT.address[1]);
      // the footer's e-mail is the mailbox the shop reads (CONTACT_TO)
      expect(res.body.text).toContain('E-mail: owner@shop.cocoa.test');
    }
    const shipped = await admin.get('/api/mail/templates/order-shipped/preview');
    expect(shipped.body.subject).toBe('Your Cocoa Shop order 3f9a2c1e has shipped');
    expect(shipped.body.text).toContain('Tracking number: 9400111899223197428490');
    // the sample order was placed at 15:42 UTC on March 14: already the 15th in the shop's zone
    const confirmation = await admin.get('/api/mail/templates/order-confirmation/preview');
    expect(confirmation.body.text).toContain('placed on March 15, 2026');
    expect(confirmation.body.text).toContain('http://shop.cocoa.test/orders/3f9a2c1e?token=');
  });

  it('answers 404 with a message for a well-formed name that is not a template, 400 for a malformed one', async () => {
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    for (const name of ['order-lost', 'constructor', 'valueof']) {
      const res = await admin.get(`/api/mail/templates/${name}/preview`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: 'There is no e-mail template with that name', code: 'MAIL_TEMPLATE_NOT_FOUND' });
    }
    for (const name of ['__proto__', 'toString', '%3Cscript%3E', 'ORDER-SHIPPED', '%F0%9F%8D%AB', 'a'.repeat(2000)]) {
      const res = await admin.get(`/api/mail/templates/${name}/preview`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/template name/);
    }
  });
});
