import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The newest `max` of the files `names` in `dir`, newest first; files of the same time by name,
 * `ties` (a-z or z-a). Each is answered as `describe` makes it from its stats; a name that is no
 * longer a file is left out.
 */
export async function newestFiles<T>(
  dir: string,
  names: string[],
  max: number,
  ties: 'a-z' | 'z-a',
  describe: (filename: string, info: Stats) => T,
): Promise<T[]> {
  const found = await Promise.all(
    names.map(async (filename) => {
      const info = await stat(join(dir, filename)).catch(() => undefined);
      return info?.isFile() ? { filename, info } : undefined;
    }),
  );
  const byName = ties === 'a-z' ? 1 : -1;
  return found
    .filter((file) => file !== undefined)
    .sort((a, b) => b.info.mtimeMs - a.info.mtimeMs || byName * a.filename.localeCompare(b.filename))
    .slice(0, max)
    .map(({ filename, info }) => describe(filename, info));
}
