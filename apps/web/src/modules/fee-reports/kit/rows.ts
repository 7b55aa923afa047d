/**
 * Report rows have no single id (a 楼栋 row, a cashier's day, a band): each gets `__key` from its place, and a row's
 * `Children` (a 类别's items, a 小区's 楼栋, a cashier's payments) keys under it. An empty Children is dropped so the
 * row shows no expand button.
 */
export function keyedRows<T extends object>(rows: readonly T[], prefix = ''): T[] {
  return rows.map((row, i) => {
    const key = prefix ? `${prefix}-${i}` : String(i);
    const children = (row as { Children?: T[] }).Children;
    const { Children: _c, ...rest } = row as T & { Children?: T[] };
    return {
      ...rest,
      __key: key,
      ...(Array.isArray(children) && children.length ? { Children: keyedRows(children, key) } : {}),
    } as T;
  });
}
