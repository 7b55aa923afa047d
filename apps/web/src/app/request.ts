import { LOGIN_EXPIRED_DIALOG, MSG_DEFAULT_ERROR, REQUEST_TIMEOUT } from '@linli/shared';
import axios, {
  type AxiosError,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { getToken } from './auth-token';
import { ui } from './ui-bridge';

export interface Envelope<T = unknown> {
  ret: number | string;
  msg?: string;
  data: T;
  count?: number;
}

export type FieldErrors = Record<string, string>;

/** A rejected call: either the server said no (ret ≠ 0) or the transport failed (kind 'transport'). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly ret: number,
    readonly kind: 'ret' | 'transport',
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Validation failures name the field: `data: { Errors: { Field: msg } }`. */
  get fieldErrors(): FieldErrors | undefined {
    const errors = (this.data as { Errors?: FieldErrors } | null | undefined)?.Errors;
    return errors && typeof errors === 'object' ? errors : undefined;
  }
}

export interface RequestOptions {
  /** Send a JSON body instead of the default form encoding. */
  json?: boolean;
  /** Do not toast a non-zero ret (the caller shows its own message). */
  silent?: boolean;
  /** Do not open the login-expired dialog (used by logout, which ends the session anyway). */
  skipExpired?: boolean;
  /** Upload/download progress and cancelling, for imports and exports. */
  config?: Pick<AxiosRequestConfig, 'onUploadProgress' | 'onDownloadProgress' | 'signal' | 'timeout'>;
}

type Params = Record<string, unknown> | FormData | undefined;

/** Form encoding: arrays and objects travel as JSON strings (e.g. Feedback ImgList), empty values are left out. */
export function toForm(params: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form;
}

export const http = axios.create({ baseURL: '/api', timeout: REQUEST_TIMEOUT, method: 'post' });

http.interceptors.request.use((config: InternalAxiosRequestConfig) => {
  const token = getToken();
  if (token) {
    config.headers.set('Authorization', `Bearer ${token}`);
    config.headers.set('Cache-Control', 'no-store');
  }
  return config;
});

let expiredDialogOpen = false;
let onRelogin: () => void | Promise<void> = () => window.location.reload();

/** The session store decides what re-login means (log out, then reload). */
export function setReloginHandler(handler: () => void | Promise<void>): void {
  onRelogin = handler;
}

function showExpiredDialog(): void {
  // Several calls fail together when a session ends; one dialog is enough.
  if (expiredDialogOpen) return;
  expiredDialogOpen = true;
  ui.confirm({
    title: LOGIN_EXPIRED_DIALOG.title,
    content: LOGIN_EXPIRED_DIALOG.text,
    okText: LOGIN_EXPIRED_DIALOG.confirm,
    cancelText: LOGIN_EXPIRED_DIALOG.cancel,
    onOk: () => {
      expiredDialogOpen = false;
      void onRelogin();
    },
    onCancel: () => {
      expiredDialogOpen = false;
    },
  });
}

/** Accepts ret 0, or toasts, opens the login-expired dialog on 401 and rejects (also used for file answers). */
export function unwrapEnvelope<T>(body: Envelope<T> | undefined, options: RequestOptions = {}): Envelope<T> {
  const ret = Number(body?.ret);
  if (body && ret === 0) return body;
  const msg = body?.msg || MSG_DEFAULT_ERROR;
  const expired = ret === 401 && !options.skipExpired;
  if (!options.silent || expired) ui.toast('error', msg);
  if (expired) showExpiredDialog();
  throw new ApiError(msg, Number.isNaN(ret) ? -1 : ret, 'ret', body?.data);
}

/**
 * A transport failure (network, timeout, an HTTP error status): toasted once and typed as ApiError. The server
 * answers a refused request (413 body too large, 431 headers too long, 400 malformed) with its envelope, whose
 * Chinese msg says more than axios's 'Request failed with status code 413'.
 */
export function transportError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const envelope = (error as AxiosError<Partial<Envelope> | undefined>)?.response?.data;
  const said = envelope && typeof envelope === 'object' && typeof envelope.msg === 'string' && envelope.msg;
  const message = said || (error as AxiosError)?.message || MSG_DEFAULT_ERROR;
  ui.toast('error', message);
  const ret = said ? Number(envelope.ret) : NaN;
  return new ApiError(message, Number.isNaN(ret) ? -1 : ret, 'transport', said ? envelope.data : undefined);
}

/** POST a call and return the whole envelope (lists need `count`). */
export async function requestEnvelope<T>(url: string, params?: Params, options: RequestOptions = {}) {
  const body = params instanceof FormData || options.json || !params ? params : toForm(params);
  let response: AxiosResponse<Envelope<T>>;
  try {
    response = await http.post<Envelope<T>>(url, body ?? new URLSearchParams(), options.config);
  } catch (error) {
    throw transportError(error);
  }
  return unwrapEnvelope(response.data, options);
}

/** POST a call and return its `data`. */
export async function request<T = unknown>(url: string, params?: Params, options?: RequestOptions): Promise<T> {
  return (await requestEnvelope<T>(url, params, options)).data;
}
