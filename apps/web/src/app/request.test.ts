import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, http, request, setReloginHandler } from './request';
import { type ConfirmOptions, setUiBridge } from './ui-bridge';

const toasts: [string, string][] = [];
const dialogs: ConfirmOptions[] = [];
let sent: InternalAxiosRequestConfig | undefined;

/** Replaces the network with a fixed answer; everything above the adapter (interceptors, unwrapping) runs for real. */
function answer(body: unknown): void {
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    sent = config;
    return { data: body, status: 200, statusText: 'OK', headers: {}, config };
  }) as AxiosAdapter;
}

beforeEach(() => {
  toasts.length = 0;
  dialogs.length = 0;
  sent = undefined;
  setUiBridge({ toast: (type, text) => toasts.push([type, text]), confirm: (o) => dialogs.push(o) });
});

afterEach(() => {
  Cookies.remove('Admin-Token');
  setUiBridge(null);
});

describe('request client', () => {
  it('ret 0 resolves with data; POST, form-encoded, base /api', async () => {
    answer({ ret: 0, msg: '', data: { Id: 7 } });
    await expect(request('/user/GetInfo', { UserAccount: ' a ', Ids: [1, 2], Empty: undefined })).resolves.toEqual({
      Id: 7,
    });
    expect(sent?.method).toBe('post');
    expect(sent?.baseURL).toBe('/api');
    expect(sent?.timeout).toBe(30000);
    expect(String(sent?.data)).toBe('UserAccount=+a+&Ids=%5B1%2C2%5D');
    expect(toasts).toEqual([]);
  });

  it('adds Bearer and no-store only when a token exists', async () => {
    answer({ ret: 0, data: null });
    await request('/SysMessage/MessageCount');
    expect(sent?.headers.Authorization).toBeUndefined();
    Cookies.set('Admin-Token', 'abc');
    await request('/SysMessage/MessageCount');
    expect(sent?.headers.Authorization).toBe('Bearer abc');
    expect(sent?.headers['Cache-Control']).toBe('no-store');
  });

  it("accepts ret '0' as success (feedback answers a string)", async () => {
    answer({ ret: '0', msg: '', data: 1 });
    await expect(request('/Feedback/FeedBackAdd')).resolves.toBe(1);
  });

  it('non-zero ret toasts msg and rejects with field errors', async () => {
    answer({ ret: 1, msg: '手机号已存在', data: { Errors: { Phone: '手机号已存在' } } });
    const error = await request('/user/UpdateSelf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ Phone: '手机号已存在' });
    expect(toasts).toEqual([['error', '手机号已存在']]);
  });

  it("non-zero ret without msg toasts 'Error'", async () => {
    answer({ ret: 500 });
    await expect(request('/x/Y')).rejects.toMatchObject({ ret: 500, message: 'Error' });
    expect(toasts).toEqual([['error', 'Error']]);
  });

  it('401 opens one login-expired dialog; re-login runs the handler', async () => {
    const relogin = vi.fn();
    setReloginHandler(relogin);
    answer({ ret: 401, msg: '登录已失效' });
    await expect(request('/a/B')).rejects.toMatchObject({ ret: 401 });
    await expect(request('/a/C')).rejects.toMatchObject({ ret: 401 });
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0]).toMatchObject({ title: 'login expired', okText: 're-login', cancelText: 'cancel' });
    dialogs[0]!.onOk();
    expect(relogin).toHaveBeenCalledOnce();
  });

  it('a timeout rejects and toasts the transport error', async () => {
    http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
      throw new AxiosError('timeout of 30000ms exceeded', AxiosError.ECONNABORTED, config);
    }) as AxiosAdapter;
    await expect(request('/slow/Call')).rejects.toMatchObject({ kind: 'transport' });
    expect(toasts).toEqual([['error', 'timeout of 30000ms exceeded']]);
  });

  /** The server refuses before the route with an HTTP error status, still answering its envelope (or not). */
  function refuse(status: number, data: unknown): void {
    http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
      const response = { data, status, statusText: '', headers: {}, config };
      throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, null, response);
    }) as AxiosAdapter;
  }

  it("an HTTP 413/431/400 toasts the envelope's Chinese msg, not axios's", async () => {
    for (const [status, msg] of [
      [413, '请求数据过大'],
      [431, '请求过长'],
      [400, '请求数据格式不正确'],
    ] as const) {
      toasts.length = 0;
      refuse(status, { ret: status, msg, data: null });
      await expect(request('/Upload/Image')).rejects.toMatchObject({ kind: 'transport', ret: status, message: msg });
      expect(toasts).toEqual([['error', msg]]);
    }
  });

  it("an HTTP error without an envelope (a proxy's HTML page) keeps axios's message", async () => {
    refuse(502, '<html>Bad Gateway</html>');
    await expect(request('/a/B')).rejects.toMatchObject({ kind: 'transport', ret: -1 });
    expect(toasts).toEqual([['error', 'Request failed with status code 502']]);
  });
});
