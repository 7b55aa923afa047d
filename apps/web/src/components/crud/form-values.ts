import dayjs from 'dayjs';
import { dateText } from './list-logic';
import type { FormField } from './types';

const isDateField = (f: Pick<FormField, 'type'>) => f.type === 'date' || f.type === 'dateRange';

/** Server values → form values: 'YYYY-MM-DD' strings of date fields become dayjs, empty dates undefined. */
export function toFormValues<V extends object>(fields: readonly FormField[], data: Partial<V>): Partial<V> {
  const out: Record<string, unknown> = { ...data };
  for (const f of fields) {
    if (!isDateField(f)) continue;
    const v = out[f.name];
    out[f.name] = typeof v === 'string' && v ? dayjs(v) : undefined;
  }
  return out as Partial<V>;
}

/** Form values → call body: dates back to 'YYYY-MM-DD', text trimmed, undefined dropped. */
export function fromFormValues<V extends object>(values: V): V {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) continue;
    out[k] = typeof v === 'string' ? v.trim() : Array.isArray(v) ? v.map(dateText) : dateText(v);
  }
  return out as V;
}

/** Field names the form knows, for matching server field errors. */
export const fieldNames = (fields: readonly FormField[]) => fields.map((f) => f.name);
