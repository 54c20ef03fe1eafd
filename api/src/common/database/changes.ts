export type DefinedOnly<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

/** For partial updates: a field the request left out keeps its value. */
export function definedOnly<T extends object>(values: T): DefinedOnly<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as DefinedOnly<T>;
}
