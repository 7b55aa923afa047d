/**
 * Streams a large result in keyset pages: `fetch(afterId, size)` answers up to `size` rows with ids above `afterId`
 * in id order. Exports iterate this so 10,000 rows are never in memory at once, and no transaction or cursor is held
 * open while the client reads (PGlite has one connection).
 */
export async function* batchedRows<T extends { id: number }>(
  fetch: (afterId: number, size: number) => Promise<T[]>,
  size = 500,
): AsyncGenerator<T> {
  let after = 0;
  for (;;) {
    const rows = await fetch(after, size);
    for (const r of rows) yield r;
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.id;
  }
}
