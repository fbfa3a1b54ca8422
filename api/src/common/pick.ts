/** A copy of the named fields of `record`, in the order named. */
export function pick<T extends object, K extends keyof T>(record: T, ...keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, record[key]])) as Pick<T, K>;
}
