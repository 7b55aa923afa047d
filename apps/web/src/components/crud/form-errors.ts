import { recordError } from '../../app/error-log';
import { ApiError } from '../../app/request';
import { ui } from '../../app/ui-bridge';

export interface ImportRowError {
  Row: number;
  Reason: string;
}

/** The server's field errors `data.Errors = {Field: msg}` of a rejected call (none for other failures). */
export function fieldErrorsOf(error: unknown): Record<string, string> | undefined {
  if (error instanceof ApiError) return error.fieldErrors;
  const data = (error as { data?: { Errors?: unknown } } | null)?.data;
  const errors = data?.Errors;
  return errors && typeof errors === 'object' && !Array.isArray(errors)
    ? (errors as Record<string, string>)
    : undefined;
}

/**
 * antd `setFields` entries for the errors that name a field of the form. Returns also whether some error found no
 * field, so the caller can still show it (the request client already toasts the message).
 */
export function fieldErrorEntries(
  error: unknown,
  knownFields: Iterable<string>,
): { fields: { name: string; errors: string[] }[]; unmatched: string[] } {
  const errors = fieldErrorsOf(error) ?? {};
  const known = new Set(knownFields);
  const fields: { name: string; errors: string[] }[] = [];
  const unmatched: string[] = [];
  for (const [name, msg] of Object.entries(errors)) {
    if (known.has(name)) fields.push({ name, errors: [String(msg)] });
    else unmatched.push(String(msg));
  }
  return { fields, unmatched };
}

/**
 * A save that failed without an API answer (a bug in the page's own code, not the server's refusal, which the request
 * client has already toasted): say so instead of leaving 保存 doing nothing, and log it. True when it was such one.
 */
export function reportUnexpected(error: unknown): boolean {
  if (error instanceof ApiError) return false;
  recordError(error);
  ui.toast('error', '保存失败，请刷新页面后重试');
  return true;
}

/** The rows an import refused: `data.ImportErrors = [{Row, Reason}]` (also accepted under `Errors` as a list). */
export function importErrorsOf(error: unknown): ImportRowError[] | undefined {
  const data = (error as { data?: Record<string, unknown> } | null)?.data;
  const list = data?.ImportErrors ?? (Array.isArray(data?.Errors) ? data?.Errors : undefined);
  if (!Array.isArray(list)) return undefined;
  return list
    .map((e) => ({ Row: Number((e as ImportRowError).Row), Reason: String((e as ImportRowError).Reason ?? '') }))
    .filter((e) => Number.isFinite(e.Row));
}

/** '第12行：建筑面积必须大于0' */
export const importErrorText = (e: ImportRowError) => `第${e.Row}行：${e.Reason}`;
