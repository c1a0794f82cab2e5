/** Each value once, compared case-insensitively; the first spelling is kept (`Tech`, `tech` → `Tech`), in order. */
export function caseInsensitiveUnique(values: readonly string[] = []): string[] {
  const seen = new Map<string, string>();
  for (const value of values) if (!seen.has(value.toLowerCase())) seen.set(value.toLowerCase(), value);
  return [...seen.values()];
}
