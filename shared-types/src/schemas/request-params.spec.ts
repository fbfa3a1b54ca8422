import { z } from 'zod';
import { productListQuerySchema, slugParamSchema } from './catalogue.schema';
import { idParamSchema } from './common.schema';
import { EVENTS_PAGE_MAX, eventsQuerySchema } from './events.schema';

const ok = <S extends z.ZodType>(schema: S, value: unknown) => schema.safeParse(value).success;

describe('path and query parameters', () => {
  it('idParamSchema takes decimal digits within int4 only', () => {
    expect(idParamSchema.parse('12')).toBe(12);
    expect(idParamSchema.parse('007')).toBe(7);
    expect(idParamSchema.parse(5)).toBe(5);
    expect(idParamSchema.parse('2147483647')).toBe(2147483647);
    for (const bad of ['', ' 12', '1e3', '0x10', '1.5', '-1', '0', 'abc', '2147483648', '99999999999999999999', 1.5, null, ['1']]) {
      expect(ok(idParamSchema, bad)).toBe(false);
    }
  });

  it('slugParamSchema lower-cases a well-formed slug and refuses the rest', () => {
    expect(slugParamSchema.parse('Iced-Mocha')).toBe('iced-mocha');
    for (const bad of ['', 'a b', 'a_b', 'a--b', '-a', 'a-', 'café', 'a'.repeat(81)]) expect(ok(slugParamSchema, bad)).toBe(false);
  });

  it('productListQuerySchema bounds limit and offset', () => {
    expect(productListQuerySchema.parse({ limit: '10', offset: '20', search: ' x ' })).toEqual({ limit: 10, offset: 20, search: 'x' });
    expect(productListQuerySchema.parse({})).toEqual({});
    for (const bad of [{ limit: '0' }, { limit: '501' }, { limit: 'ten' }, { offset: '-1' }, { offset: '10000000' }, { search: ['a', 'b'] }]) {
      expect(ok(productListQuerySchema, bad)).toBe(false);
    }
  });

  it('eventsQuerySchema takes ISO dates or date-times with an offset, to after from', () => {
    // A bare date stays text: the API reads it as midnight in the shop's time zone.
    expect(eventsQuerySchema.parse({ from: '2026-11-01' })).toEqual({ from: '2026-11-01', limit: EVENTS_PAGE_MAX });
    expect(eventsQuerySchema.parse({ from: '2026-11-01T00:00:00-05:00', to: '2026-12-01T00:00:00Z' }).from).toBe('2026-11-01T00:00:00-05:00');
    for (const bad of [
      { from: 'tomorrow' },
      { from: '2026-02-30' },
      { from: '2026-11-01T10:00:00' },
      { to: '1700000000' },
      { from: '2026-12-01', to: '2026-11-01' },
      { from: '2026-11-01', to: '2026-11-01' },
      { from: '0000-01-01' },
      { to: '9999-12-31T23:59:59-12:00' },
    ]) {
      expect(ok(eventsQuerySchema, bad)).toBe(false);
    }
  });

  it('eventsQuerySchema pages with a limit (default and cap EVENTS_PAGE_MAX) and an opaque cursor', () => {
    expect(eventsQuerySchema.parse({ limit: '20', cursor: '1767268800000_42' })).toEqual({ limit: 20, cursor: '1767268800000_42' });
    expect(eventsQuerySchema.parse({ cursor: '-86400000_7' }).cursor).toBe('-86400000_7');
    for (const bad of [
      { limit: '0' },
      { limit: String(EVENTS_PAGE_MAX + 1) },
      { limit: '2.5' },
      { limit: 'ten' },
      { limit: ['1', '2'] },
      { cursor: '42' },
      { cursor: 'x_1' },
      { cursor: '1_2_3' },
      { cursor: ['1_2'] },
      { cursor: '999999999999999_1' },
      { cursor: '-999999999999999_1' },
    ]) {
      expect(ok(eventsQuerySchema, bad)).toBe(false);
    }
  });
});
