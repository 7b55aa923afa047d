/** Where opening a reminder leads (spec §4): a path and an optional query, both as they go into the URL. */
export interface MsgTarget {
  path: string;
  query?: Record<string, string>;
}

/** Spec §4 table. A target's query may take the reminder's SourceId ('SourceId') or a fixed value. */
export const msgTypeTargets: Readonly<Record<number, { path: string; query?: Record<string, string> }>> = {
  2: { path: '/chargemanage/paycost' },
  3: { path: '/chargemanage/payrec' },
  4: { path: '/propertyServices/repair' },
  5: { path: '/propertyServices/complaint' },
  6: { path: '/propertyServices/notice', query: { id: 'SourceId' } },
  8: { path: '/household/list', query: { type: '2' } },
  14: { path: '/propertyServices/repair' },
  19: { path: '/nightpatrol/tasklist' },
  20: { path: '/equipment/task/checklist' },
  21: { path: '/equipment/task/repairlist' },
  28: { path: '/contract/list' },
};

/** Types the spec lists as "only marked read, no navigation" (any type not in the table behaves the same). */
export const markReadOnlyMsgTypes: readonly number[] = [1, 7, 9, 10, 11, 12, 13, 15, 16, 17];

/**
 * The page a reminder opens, or null when opening it only marks it read. MsgType may arrive as a string from form
 * bodies. A notice reminder without a SourceId opens the notice list unfiltered.
 */
export function msgTarget(msgType: number | string, sourceId?: number | string | null): MsgTarget | null {
  const entry = msgTypeTargets[Number(msgType)];
  if (!entry) return null;
  if (!entry.query) return { path: entry.path };
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(entry.query)) {
    if (value !== 'SourceId') query[name] = value;
    else if (sourceId !== undefined && sourceId !== null && sourceId !== '') query[name] = String(sourceId);
  }
  return Object.keys(query).length ? { path: entry.path, query } : { path: entry.path };
}

/** The target as one URL ('/propertyServices/notice?id=12'), or null. */
export function msgTargetUrl(msgType: number | string, sourceId?: number | string | null): string | null {
  const target = msgTarget(msgType, sourceId);
  if (!target) return null;
  const search = Object.entries(target.query ?? {})
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return search ? `${target.path}?${search}` : target.path;
}
