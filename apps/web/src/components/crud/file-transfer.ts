import type { AxiosResponse } from 'axios';
import { type Envelope, http, toForm, transportError, unwrapEnvelope } from '../../app/request';
import { fileNameOf, isJsonAnswer } from './file-name';

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * POSTs a call that answers a file (export, template, error report) and saves it. A refusal comes back as the JSON
 * envelope instead (the server checks everything before the first byte): it is toasted and rejected like any call.
 * `onProgress` gets the bytes received so far (the total is unknown while the server streams).
 */
export async function downloadFile(
  url: string,
  params: Record<string, unknown> = {},
  options: { fallbackName?: string; onProgress?: (loaded: number) => void; signal?: AbortSignal } = {},
): Promise<string> {
  let response: AxiosResponse<Blob>;
  try {
    response = await http.post<Blob>(url, toForm(params), {
      responseType: 'blob',
      // A large export may take longer than an ordinary call.
      timeout: 5 * 60_000,
      signal: options.signal,
      onDownloadProgress: (e) => options.onProgress?.(e.loaded),
    });
  } catch (error) {
    throw transportError(error);
  }
  const type = String(response.headers['content-type'] ?? '');
  if (isJsonAnswer(type)) {
    const body = JSON.parse(await response.data.text()) as Envelope;
    unwrapEnvelope(body);
    // ret 0 but no file: nothing to save.
    throw transportError(new Error('没有可下载的文件'));
  }
  const name = fileNameOf(response.headers['content-disposition'] as string | undefined, options.fallbackName);
  saveBlob(response.data, name);
  return name;
}
