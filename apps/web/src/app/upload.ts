import { UPLOAD_TP } from '@linli/shared';
import { request } from './request';

export interface UploadedFile {
  /** Stored file name (ImgName). */
  name: string;
  /**
   * Where the server serves it (ImgPath): only to signed-in members of this company, which an <img> is without help
   * (it sends the Admin-Token cookie), and only while the record using it exists.
   */
  url: string;
}

interface UploadAnswer {
  listFileName: string[];
  listFileNameUrl: string[];
}

/** Uploads one image through /api/Img/PostFiles (multipart, field `file`, tp='2'). */
export async function uploadImage(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  form.append('tp', UPLOAD_TP);
  const data = await request<UploadAnswer>('/Img/PostFiles', form, { silent: true });
  const name = data?.listFileName?.[0];
  const url = data?.listFileNameUrl?.[0];
  if (!name || !url) throw new Error('upload answered without a file');
  return { name, url };
}

export function fileExtension(name: string): string {
  return name.split('.').pop()?.toLowerCase() ?? '';
}
