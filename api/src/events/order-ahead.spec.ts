import { randomUUID } from 'node:crypto';
import { DAY_MS, dayIn, noonOf, PICKUP_PAUSED_DEFAULT_MESSAGE, type StopPickup } from '@cocoa/shared-types';
import type { EntityManager } from 'typeorm';
import { ShopTimeZoneService } from '../settings/shop-time-zone.service';
import { TEST_ADMIN, type TestAgent, useTestApp } from '../test/test-app';
import { PickupSlotsService } from './pickup-slots.service';

const RULES = { slotMinutes: 15, slotCapacity: 5, leadMinutes: 20, paused: false, pausedMessage: null, autoAccept: true };

describe('order ahead: pickup times at a stop', () => {
  const t = useTestApp();
  let admin: TestAgent;
  let slots: PickupSlotsService;
  let stopId: number;

  /** A PENDING order as the checkout writes it first, in the caller's transaction. */
  const pendingOrder = async (m: EntityManager): Promise<string> => {
    const id = randomUUID();
    await m.query(
      `INSERT INTO orders (id, idempotency_key, email, status, test_mode, subtotal_cents, shipping_cents, tax_cents, total_cents,
         shipping_first_name, shipping_last_name, shipping_phone, shipping_address, shipping_city, shipping_state, shipping_zip, shipping_country)
       VALUES ($1, $2, 'walker@example.com', 'PENDING', true, 500, 0, 0, 500, 'Ada', 'Walker', '2175550142', '-', '-', '-', '-', 'US')`,
      [id, `pickup-${id}`],
    );
    return id;
  };
  const pickup = async () => (await t.agent().get(`/api/stops/${stopId}/pickup`)).body as StopPickup;

  beforeAll(async () => {
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    slots = t.app.get(PickupSlotsService);
    // A market three days from now in the shop's zone, 10:00 to 11:00: four slots of 15 minutes.
    const zone = await t.app.get(ShopTimeZoneService).current();
    const day = dayIn(new Date(Date.now() + 3 * DAY_MS), zone);
    const [row] = await t.dataSource.query<{ id: number }[]>(
      `INSERT INTO scheduled_locations (title, location, date, start_time, end_time) VALUES ('Saturday Market', 'Old Square', $1, '10:00', '11:00') RETURNING id`,
      [noonOf(day, zone)],
    );
    stopId = row.id;
  });

  it('refuses the owner switches to anyone but the admin, and bad rules with the field named; nothing changes', async () => {
    const customer = t.agent();
    await customer.post('/api/register').send({ username: 'walker', email: 'walker@example.com', password: 'walker-pass-1' });
    const signedIn = await t.signedIn('walker', 'walker-pass-1');
    for (const [client, status] of [
      [t.agent(), 401],
      [signedIn, 403],
    ] as const) {
      expect((await client.put(`/api/stops/${stopId}/orders-ahead`).send({ takesOrders: true })).status).toBe(status);
      expect((await client.put('/api/admin/pickup/settings').send(RULES)).status).toBe(status);
      expect((await client.get('/api/admin/pickup/settings')).status).toBe(status);
    }
    const bad = await admin.put('/api/admin/pickup/settings').send({ ...RULES, slotCapacity: 0 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Orders per slot must be at least 1');
    expect((await admin.put(`/api/stops/${stopId}/orders-ahead`).send({ takesOrders: 'yes' })).status).toBe(400);
    expect((await admin.put('/api/stops/999999/orders-ahead').send({ takesOrders: true })).status).toBe(404);
    expect((await admin.get('/api/admin/pickup/settings')).body).toEqual({
      slotMinutes: 15,
      slotCapacity: 10,
      leadMinutes: 20,
      paused: false,
      pausedMessage: null,
      autoAccept: true,
    });
    expect(await pickup()).toMatchObject({ takesOrders: false, open: false, slots: [] });
  });

  it('offers the stop slots once the owner switches it on, each with the places left, following the owner rules', async () => {
    expect((await t.agent().get('/api/stops/999999/pickup')).status).toBe(404);
    const closed = await pickup();
    expect(closed.reason).toBe('This stop does not take orders ahead. Come and see us at the cart!');

    const on = await admin.put(`/api/stops/${stopId}/orders-ahead`).send({ takesOrders: true });
    expect(on.status).toBe(200);
    expect((on.body as StopPickup).slots).toHaveLength(4);
    expect((on.body as StopPickup).slots.every((slot) => slot.left === 10)).toBe(true);

    expect((await admin.put('/api/admin/pickup/settings').send({ ...RULES, slotMinutes: 30 })).status).toBe(200);
    const half = await pickup();
    expect(half).toMatchObject({ open: true, reason: null, slotMinutes: 30 });
    expect(half.slots.map((slot) => (new Date(slot.end).getTime() - new Date(slot.start).getTime()) / 60_000)).toEqual([30, 30]);
    expect(half.slots.every((slot) => slot.left === 5)).toBe(true);

    await admin.put('/api/admin/pickup/settings').send({ ...RULES, paused: true, pausedMessage: 'Back at 3 pm, the queue is long!' });
    expect(await pickup()).toMatchObject({ open: false, reason: 'Back at 3 pm, the queue is long!', slots: [] });
    await admin.put('/api/admin/pickup/settings').send({ ...RULES, paused: true, pausedMessage: '' });
    expect((await pickup()).reason).toBe(PICKUP_PAUSED_DEFAULT_MESSAGE);
    await admin.put('/api/admin/pickup/settings').send(RULES);
  });

  it('lets 20 buyers at once take exactly the 5 places of a slot; the others are refused and write nothing', async () => {
    const [first, second] = (await pickup()).slots;
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        t.dataSource.transaction(async (m) => {
          const orderId = await pendingOrder(m);
          await slots.claim(m, { stopId, slotStart: new Date(first.start), orderId });
          return orderId;
        }),
      ),
    );
    const taken = attempts.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
    const refused = attempts.flatMap((a) => (a.status === 'rejected' ? [a.reason as { code?: string; message: string }] : []));
    expect(taken).toHaveLength(5);
    expect(refused.map((r) => r.code)).toEqual(Array(15).fill('SLOT_FULL'));
    expect(refused[0].message).toBe('That pickup time just filled up. Please pick another.');
    const [{ orders }] = await t.dataSource.query<{ orders: number }[]>(`SELECT count(*)::int AS orders FROM orders WHERE email = 'walker@example.com'`);
    expect(orders).toBe(5);

    // A full slot is not offered; the next one still has all its places.
    const after = await pickup();
    expect(after.slots.map((slot) => slot.start)).toEqual(expect.not.arrayContaining([first.start]));
    expect(after.slots.find((slot) => slot.start === second.start)?.left).toBe(5);

    // An order that goes (its payment failed) frees its place.
    await t.dataSource.query(`DELETE FROM orders WHERE id = $1`, [taken[0]]);
    expect((await pickup()).slots.find((slot) => slot.start === first.start)?.left).toBe(1);
  });

  it('refuses a time the stop does not offer, and every claim while paused, with the words the customer reads', async () => {
    const claimAt = (slotStart: Date) => t.dataSource.transaction(async (m) => slots.claim(m, { stopId, slotStart, orderId: await pendingOrder(m) }));
    const { slots: open } = await pickup();
    const between = new Date(new Date(open[0].start).getTime() + 5 * 60_000);
    await expect(claimAt(between)).rejects.toMatchObject({ code: 'SLOT_NOT_OFFERED', message: 'That pickup time is no longer offered. Please pick another.' });

    await admin.put('/api/admin/pickup/settings').send({ ...RULES, paused: true, pausedMessage: 'Sold out of milk, sorry!' });
    await expect(claimAt(new Date(open[0].start))).rejects.toMatchObject({ code: 'ORDERS_PAUSED', message: 'Sold out of milk, sorry!' });
    await admin.put('/api/admin/pickup/settings').send(RULES);

    await admin.put(`/api/stops/${stopId}/orders-ahead`).send({ takesOrders: false });
    await expect(claimAt(new Date(open[0].start))).rejects.toMatchObject({ code: 'STOP_NOT_TAKING_ORDERS' });
    await admin.put(`/api/stops/${stopId}/orders-ahead`).send({ takesOrders: true });
  });
});
