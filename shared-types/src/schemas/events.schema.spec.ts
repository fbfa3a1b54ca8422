import { EVENTS_ORDERS, eventsQuerySchema } from './events.schema';

const firstMessage = (value: unknown) => eventsQuerySchema.safeParse(value).error?.issues[0]?.message;

describe('eventsQuerySchema order', () => {
  it("takes 'asc' or 'desc' and leaves it out when not asked (ascending, as before)", () => {
    expect(EVENTS_ORDERS).toEqual(['asc', 'desc']);
    expect(eventsQuerySchema.parse({ order: 'desc', limit: '100', cursor: '1767268800000_42' })).toEqual({
      order: 'desc',
      limit: 100,
      cursor: '1767268800000_42',
    });
    expect(eventsQuerySchema.parse({ order: 'asc' }).order).toBe('asc');
    expect(eventsQuerySchema.parse({}).order).toBeUndefined();
    expect(eventsQuerySchema.parse({ to: '2026-11-01T05:00:00.000Z', order: 'desc' })).toMatchObject({ to: '2026-11-01T05:00:00.000Z', order: 'desc' });
  });

  it('refuses any other order with a message', () => {
    for (const order of ['sideways', 'DESC', 'Asc', '', ' desc', 'descending', '1', ['asc', 'desc'], 1, null]) {
      expect({ order, message: firstMessage({ order }) }).toEqual({ order, message: "order must be 'asc' or 'desc'" });
    }
  });
});
