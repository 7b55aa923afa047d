import type { z } from 'zod';

/** The parts of zod 4's definition object the walk reads; zod keeps them on `_zod.def`. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  in?: z.ZodType;
  out?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
}

const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** What a field takes, as far as a generator needs to know. */
export type Leaf =
  | { kind: 'string' | 'number' | 'boolean' | 'unknown' }
  | { kind: 'enum'; values: unknown[] }
  | { kind: 'array'; item: Leaf }
  | { kind: 'object'; shape: Record<string, Leaf> };

/** Unwraps preprocess pipes, optionals, defaults and refinements down to what the value must be. */
export function leafOf(schema: z.ZodType, depth = 0): Leaf {
  const d = defOf(schema);
  if (depth > 8) return { kind: 'unknown' };
  switch (d.type) {
    case 'object':
      return {
        kind: 'object',
        shape: Object.fromEntries(Object.entries(d.shape ?? {}).map(([k, v]) => [k, leafOf(v, depth + 1)])),
      };
    case 'pipe': {
      const out = leafOf(d.out!, depth + 1);
      return out.kind === 'unknown' ? leafOf(d.in!, depth + 1) : out;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return leafOf(d.innerType!, depth + 1);
    case 'array':
      return { kind: 'array', item: leafOf(d.element!, depth + 1) };
    case 'union': {
      const first = d.options?.map((o) => leafOf(o, depth + 1)).find((l) => l.kind !== 'unknown');
      return first ?? { kind: 'unknown' };
    }
    case 'intersection':
      return leafOf(d.left!, depth + 1);
    case 'literal':
      return { kind: 'enum', values: d.values ?? [] };
    case 'enum':
      return { kind: 'enum', values: Object.values(d.entries ?? {}) };
    case 'string':
    case 'number':
    case 'boolean':
      return { kind: d.type };
    case 'int':
    case 'bigint':
      return { kind: 'number' };
    default:
      return { kind: 'unknown' };
  }
}

/** The top-level field names of a call's body schema (none when it is not an object). */
export function fieldsOf(schema: z.ZodType | undefined): Record<string, Leaf> {
  if (!schema) return {};
  const leaf = leafOf(schema);
  return leaf.kind === 'object' ? leaf.shape : {};
}
