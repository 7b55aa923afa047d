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

export const RET = {
  OK: 0,
  INVALID: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  LOCKED: 423,
  TOO_MANY: 429,
  ERROR: 500,
} as const;

export const fail = (msg: string, data: unknown = null) => new ApiError(RET.INVALID, msg, data);
/** A validation failure that names its field, so the form can show it there. */
export const fieldError = (field: string, msg: string) => new ApiError(RET.INVALID, msg, { Errors: { [field]: msg } });
export const notFound = (msg = '数据不存在') => new ApiError(RET.NOT_FOUND, msg);
export const forbidden = (msg = '没有权限执行此操作') => new ApiError(RET.FORBIDDEN, msg);
export const unauthorized = (msg = '登录已过期，请重新登录') => new ApiError(RET.UNAUTHORIZED, msg);
