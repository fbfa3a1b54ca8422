/**
 * The arithmetic of lines being put together into an order, shared by the shop's cart and a stop's
 * pickup order: a line is something (`id`) and how many of it. Adding what is already there adds
 * one to it; minus stops at 1, removing is its own action; a quantity set to nothing removes it.
 */
export interface QuantityLine<K> {
  id: K;
  quantity: number;
}

export type LineAction<L extends QuantityLine<L['id']>> =
  | { type: 'add'; line: Omit<L, 'quantity'> }
  | { type: 'increment'; id: L['id'] }
  | { type: 'decrement'; id: L['id'] }
  | { type: 'setQuantity'; id: L['id']; quantity: number }
  | { type: 'remove'; id: L['id'] }
  | { type: 'clear' };

export function orderLinesReducer<L extends QuantityLine<L['id']>>(lines: readonly L[], action: LineAction<L>): L[] {
  const step = (id: L['id'], by: (quantity: number) => number) => lines.map((line) => (line.id === id ? { ...line, quantity: by(line.quantity) } : line));
  switch (action.type) {
    case 'add':
      return lines.some((line) => line.id === action.line.id) ? step(action.line.id, (q) => q + 1) : [...lines, { ...action.line, quantity: 1 } as L];
    case 'increment':
      return step(action.id, (q) => q + 1);
    case 'decrement':
      return step(action.id, (q) => Math.max(1, q - 1));
    case 'setQuantity': {
      const quantity = Math.floor(action.quantity);
      if (!Number.isFinite(quantity) || quantity <= 0) return lines.filter((line) => line.id !== action.id);
      return step(action.id, () => quantity);
    }
    case 'remove':
      return lines.filter((line) => line.id !== action.id);
    case 'clear':
      return [];
  }
}
