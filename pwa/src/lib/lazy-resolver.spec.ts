import type { Resolver } from 'react-hook-form';
import { lazyResolver } from './lazy-resolver';

type Values = { name: string };
const ok: Resolver<Values> = async (values) => ({ values, errors: {} });
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

describe('lazyResolver', () => {
  it('loads the rules with the first check only, and checks with them', async () => {
    const load = jest.fn(async () => ok);
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    await expect(resolver({ name: 'Ana' }, undefined, options)).resolves.toEqual({ values: { name: 'Ana' }, errors: {} });
    await resolver({ name: 'Bo' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the load again at the next check when it failed (offline, the chunk not cached)', async () => {
    const load = jest
      .fn<Promise<Resolver<Values>>, []>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(ok);
    const resolver = lazyResolver(load);
    await expect(resolver({ name: 'Ana' }, undefined, options)).rejects.toThrow('Failed to fetch');
    await expect(resolver({ name: 'Ana' }, undefined, options)).resolves.toEqual({ values: { name: 'Ana' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
