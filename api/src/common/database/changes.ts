/** The properties of `values` that are not `undefined`. */
export type DefinedOnly<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

/**
 * The columns a partial update writes: `values` without its `undefined` properties, so that a field the request
 * left out keeps its value and an empty change can be told by `Object.keys(...).length === 0`.
 */
export function definedOnly<T extends object>(values: T): DefinedOnly<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as DefinedOnly<T>;
}
