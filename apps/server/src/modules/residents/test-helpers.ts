import sharp from 'sharp';
import { multipartBody } from '../upload/fixtures';
import type { TestApp } from '../../../test/harness';

/** Test helpers of the residents area (not a test file itself). */

/** Uploads through /api/Img/PostFiles (tp=2) and answers the stored path. */
export async function uploadImage(t: TestApp, data: Buffer, token: string, filename = 'face.jpg'): Promise<string> {
  const { body, contentType } = multipartBody([{ name: 'file', filename, data }], { tp: '2' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Img/PostFiles',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload: body,
  });
  const json = res.json() as { ret: number; msg: string; data: { listFileName: string[] } };
  if (json.ret !== 0) throw new Error(json.msg);
  return json.data.listFileName[0]!;
}

/** Pixels with smooth gradients plus some noise, so that JPEG sizes behave like a photo's. */
function photoPixels(width: number, height: number, alpha = 255): Buffer {
  const data = Buffer.alloc(width * height * 4);
  let seed = 7;
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const o = (y * width + x) * 4;
      data[o] = (x * 255) / width;
      data[o + 1] = (y * 255) / height;
      data[o + 2] = seed % 64;
      data[o + 3] = alpha;
    }
  return data;
}

/**
 * A decodable JPEG; `orientation` stores that EXIF Orientation tag (as phones write it), `quality` 95 keeps big
 * pictures big.
 */
export function realJpeg(width: number, height: number, opts: { orientation?: number; quality?: number } = {}) {
  const img = sharp(photoPixels(width, height), { raw: { width, height, channels: 4 } }).removeAlpha();
  return (opts.orientation ? img.withMetadata({ orientation: opts.orientation }) : img)
    .jpeg({ quality: opts.quality ?? 90 })
    .toBuffer();
}

/** A decodable RGBA PNG; `alpha` below 255 makes it see-through. */
export function realPng(width: number, height: number, alpha = 255): Promise<Buffer> {
  return sharp(photoPixels(width, height, alpha), { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}
