import { productMessage } from '@linli/shared';
import type { FormRule } from 'antd';
import { dateText } from './list-logic';

/** What the kit needs of a zod schema: `safeParse`. Typed structurally so the web app need not import zod. */
interface ParsesValue {
  safeParse(
    value: unknown,
    params?: { error?: typeof productMessage },
  ): { success: boolean; error?: { issues: { message: string; path?: PropertyKey[] }[] } };
}
interface ObjectSchema {
  shape: Record<string, ParsesValue>;
}

/** The message a shared schema gives for one field's value, or undefined when it passes. */
export function zodFieldError(schema: ObjectSchema, name: string, value: unknown): string | undefined {
  const field = schema.shape[name];
  if (!field) return undefined;
  const plain = Array.isArray(value) ? value.map(dateText) : dateText(value);
  // Parsed alone, the value has no path, so the product's wording would say '请填写此项': give it the field's name,
  // as the server's parse of the whole body has (a schema's own message still wins).
  const res = field.safeParse(plain, { error: (iss) => productMessage({ ...iss, path: [name, ...(iss.path ?? [])] }) });
  return res.success ? undefined : (res.error?.issues[0]?.message ?? '格式不正确');
}

/** Whether the schema refuses an empty value for the field (so the form shows the required star). */
export const zodRequired = (schema: ObjectSchema, name: string) =>
  zodFieldError(schema, name, undefined) !== undefined && zodFieldError(schema, name, '') !== undefined;

/**
 * An antd rule that validates one field with the shared zod schema the server uses for the body, so the browser
 * and the server say the same thing.
 */
export function zodRule(schema: ObjectSchema, name: string): FormRule {
  return {
    required: zodRequired(schema, name),
    validator: (_, value) => {
      const msg = zodFieldError(schema, name, value);
      return msg ? Promise.reject(new Error(msg)) : Promise.resolve();
    },
  };
}
