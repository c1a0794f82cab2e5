/** The column of `Data` that can hold a field's value (an update input's column, for a patch field). */
type ColumnFor<Value, Data> = { [C in keyof Data]-?: Exclude<Value, undefined> extends Data[C] ? C : never }[keyof Data];

/** Each patch field copied as it is, and the column it is written to. */
export type ColumnNames<Patch, Data> = { [F in keyof Patch]?: ColumnFor<Patch[F], Data> };

/**
 * The columns a partial update writes for the fields it copies as they are: each field of `patch`
 * that is present (undefined leaves the column alone; null clears it) under its column's name.
 * Fields that are converted on the way (normalized, parsed, hashed) are set by the caller.
 */
export function presentColumns<Patch extends object, Data extends object>(patch: Patch, columns: ColumnNames<Patch, Data>): Data {
  const data: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columns) as [keyof Patch & string, string][]) {
    const value = patch[field];
    if (value !== undefined) data[column] = value;
  }
  return data as Data;
}
