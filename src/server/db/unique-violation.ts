/**
 * A unique-constraint violation (P2002), optionally on a given column (snake_case). Adapters report
 * the constraint differently — PGlite by fields, adapter-pg by index name (`agencies_slug_key`) — so
 * every shape is checked.
 */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  const e = error as {
    code?: string;
    meta?: { target?: unknown; driverAdapterError?: { cause?: { kind?: string; constraint?: { fields?: string[]; index?: string } } } };
  };
  // P2002 from model queries; raw queries ($executeRaw, bulk inserts) fail with P2010 and the driver's kind.
  const rawViolation = e?.code === 'P2010' && e.meta?.driverAdapterError?.cause?.kind === 'UniqueConstraintViolation';
  if (e?.code !== 'P2002' && !rawViolation) return false;
  if (!column) return true;
  const constraint = e.meta?.driverAdapterError?.cause?.constraint;
  const target = e.meta?.target;
  const names = [
    ...(Array.isArray(target) ? (target as unknown[]) : typeof target === 'string' ? [target] : []),
    ...(constraint?.fields ?? []),
    ...(constraint?.index ? [constraint.index] : []),
  ].map((name) => String(name).replace(/"/g, ''));
  const camel = column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return names.some((name) => name.includes(column) || name === camel);
}
