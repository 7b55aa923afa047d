import { RET } from '@linli/shared';

/** A refusal the user should read: mapped to the envelope by the one error handler. */
export class ApiError extends Error {
  constructor(
    readonly ret: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

// The ret codes are part of the contract the web reads too: one list, in the shared package.
export { RET };

export const fail = (msg: string, data: unknown = null) => new ApiError(RET.INVALID, msg, data);
/** A validation failure that names its field, so the form can show it there. */
export const fieldError = (field: string, msg: string) => new ApiError(RET.INVALID, msg, { Errors: { [field]: msg } });
export const notFound = (msg = '数据不存在') => new ApiError(RET.NOT_FOUND, msg);

/** The SQLSTATE of a database error: on the error itself, or on its cause where drizzle wraps it (DrizzleQueryError). */
export const pgErrorCode = (err: unknown): string | undefined =>
  (err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code;

/** A unique violation (23505), of `constraint` when one is named (a driver that names none matches any). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (pgErrorCode(err) !== '23505') return false;
  const e = err as { constraint?: string; cause?: { constraint?: string } };
  const name = e?.cause?.constraint ?? e?.constraint ?? '';
  return !constraint || name === constraint || name === '';
}
export const forbidden = (msg = '没有权限执行此操作') => new ApiError(RET.FORBIDDEN, msg);
export const unauthorized = (msg = '登录已过期，请重新登录') => new ApiError(RET.UNAUTHORIZED, msg);
