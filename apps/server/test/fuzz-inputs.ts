import fc from 'fast-check';
import type { z } from 'zod';
import { fieldsOf, type Leaf } from './zod-walk';

/**
 * Request bodies for the input-fuzz suite: each field of a call's own schema gets values of its declared kind
 * (what a careful user sends) mixed with hostile ones (what a careless user or an attacker sends).
 */
const UPLOAD_LIKE = `/uploads/202611/${'a'.repeat(32)}.png`;

export const HOSTILE: unknown[] = [
  'a\u0000b',
  '\u0000',
  '名\uD800称',
  '\uDC00',
  'x'.repeat(10_000),
  '中'.repeat(10_000),
  1e308,
  -1e308,
  '1e308',
  -1,
  '-1',
  0,
  1.5,
  2 ** 53 + 2,
  '9'.repeat(40),
  'NaN',
  'Infinity',
  'abc',
  '',
  '   ',
  null,
  true,
  { a: { b: { c: 1 } } },
  [1, [2, [3]]],
  [],
  {},
  "' or 1=1 --",
  "'); drop table users; --",
  '%_\\',
  '<script>alert(document.cookie)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(document.cookie)',
  'https://tracker.example.com/p.gif',
  '../../etc/passwd',
  '2026-02-30',
  '0000-01-01',
  '99999-01-01',
  '{"a":',
  '[{"Id":"x"}]',
];

const hostile = fc.constantFrom(...HOSTILE);

function ofKind(leaf: Leaf, depth: number): fc.Arbitrary<unknown> {
  switch (leaf.kind) {
    case 'string':
      return fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.constantFrom('翠湖天地', '2026-11-24', '13800138000', 'Linli@1234', UPLOAD_LIKE, '1'),
      );
    case 'number':
      return fc.oneof(fc.integer({ min: -2, max: 60 }), fc.integer({ min: 1, max: 9999 }).map(String));
    case 'boolean':
      return fc.constantFrom(true, false, 0, 1, '1', '0', 'true');
    case 'enum':
      return leaf.values.length ? fc.constantFrom(...leaf.values) : fc.constant('');
    case 'array': {
      const items = fc.array(valueOf(leaf.item, depth + 1), { maxLength: 3 });
      return fc.oneof(
        items,
        items.map((a) => JSON.stringify(a)),
      );
    }
    case 'object':
      return depth > 3 ? fc.constant({}) : bodyOf(leaf.shape, depth + 1);
    default:
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: -1, max: 10 }));
  }
}

/** A field's value: mostly of its kind, often hostile. */
function valueOf(leaf: Leaf, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: ofKind(leaf, depth) }, { weight: 2, arbitrary: hostile });
}

function bodyOf(shape: Record<string, Leaf>, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const members = Object.fromEntries(Object.entries(shape).map(([k, leaf]) => [k, valueOf(leaf, depth)]));
  return fc.record(members, { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>>;
}

/** Bodies for a call: its fields (any subset, any values) plus, now and then, a field it does not know. */
export function bodiesFor(schema: z.ZodType | undefined): fc.Arbitrary<Record<string, unknown>> {
  const shape = fieldsOf(schema);
  return fc
    .tuple(bodyOf(shape), fc.option(fc.tuple(fc.constantFrom('Extra', 'Id\u0000', '__proto__'), hostile)))
    .map(([body, extra]) => (extra ? { ...body, [extra[0]]: extra[1] } : body));
}

/** The body as the web sends a form: every value text, arrays and objects as JSON. */
export function asForm(body: Record<string, unknown>): string {
  const text = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  return new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, text(v)])).toString();
}
