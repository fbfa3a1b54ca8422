import { FIRST_SCREENS } from '@cocoa/shared-types';
import { FIRST_SCREEN_LOADERS, type FirstScreenLoaders } from './first-screen-data';

describe('FIRST_SCREEN_LOADERS', () => {
  it('has a data loader for every first screen; a table missing one does not type-check', () => {
    expect(Object.keys(FIRST_SCREEN_LOADERS).sort()).toEqual(Object.keys(FIRST_SCREENS).sort());
    const withoutEvents: Omit<FirstScreenLoaders, 'events'> = FIRST_SCREEN_LOADERS;
    // @ts-expect-error a table without the events page's loader is not a FirstScreenLoaders (tsc checks this line)
    const incomplete: FirstScreenLoaders = withoutEvents;
    expect(incomplete).toBe(FIRST_SCREEN_LOADERS);
  });
});
