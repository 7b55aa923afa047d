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
export const forbidden = (msg = '没有权限执行此操作') => new ApiError(RET.FORBIDDEN, msg);
export const unauthorized = (msg = '登录已过期，请重新登录') => new ApiError(RET.UNAUTHORIZED, msg);
