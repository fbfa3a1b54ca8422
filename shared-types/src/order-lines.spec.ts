import { type LineAction, orderLinesReducer } from './order-lines';

/** A pickup order's lines are keyed by the drink and its options (text), the cart's by product (a number). */
interface Cup {
  id: string;
  name: string;
  quantity: number;
}

describe('orderLinesReducer', () => {
  const large = { id: '7|size:large', name: 'Hot Cocoa (Large)' };
  const regular = { id: '7|size:regular', name: 'Hot Cocoa (Regular)' };
  const run = (...actions: LineAction<Cup>[]) => actions.reduce<Cup[]>(orderLinesReducer, []);

  it('adds one to a line already there and keeps the order lines were added in', () => {
    expect(run({ type: 'add', line: large }, { type: 'add', line: regular }, { type: 'add', line: large })).toEqual([
      { ...large, quantity: 2 },
      { ...regular, quantity: 1 },
    ]);
  });

  it('stops minus at one; only removing (or a quantity of nothing) takes a line out', () => {
    const one = run({ type: 'add', line: large }, { type: 'decrement', id: large.id }, { type: 'decrement', id: large.id });
    expect(one).toEqual([{ ...large, quantity: 1 }]);
    expect(orderLinesReducer(one, { type: 'remove', id: large.id })).toEqual([]);
    expect(orderLinesReducer(one, { type: 'setQuantity', id: large.id, quantity: 0 })).toEqual([]);
    expect(orderLinesReducer(one, { type: 'setQuantity', id: large.id, quantity: Number.NaN })).toEqual([]);
    expect(orderLinesReducer(one, { type: 'setQuantity', id: large.id, quantity: 3.7 })).toEqual([{ ...large, quantity: 3 }]);
  });

  it('leaves the other lines and the given array as they are', () => {
    const lines = run({ type: 'add', line: large }, { type: 'add', line: regular });
    const before = structuredClone(lines);
    expect(orderLinesReducer(lines, { type: 'increment', id: regular.id })).toEqual([lines[0], { ...regular, quantity: 2 }]);
    expect(lines).toEqual(before);
    expect(orderLinesReducer(lines, { type: 'clear' })).toEqual([]);
  });
});
