import { multipartBody, PNG_1PX } from '../src/modules/upload/fixtures';
import type { TestApp } from './harness';

/** Uploads a 1×1 PNG through /Img/PostFiles as `token`: its stored name and its URL, as the call answers them. */
export async function uploadPng(t: TestApp, token: string): Promise<{ name: string; url: string }> {
  const { body, contentType } = multipartBody([{ name: 'file', filename: 'a.png', data: PNG_1PX }], { tp: '2' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Img/PostFiles',
    payload: body,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
  });
  const data = res.json().data as { listFileName: string[]; listFileNameUrl: string[] };
  return { name: data.listFileName[0]!, url: data.listFileNameUrl[0]! };
}
