import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { multipartBody } from '../upload/fixtures';
import type { TestApp } from '../../../test/harness';

/** Test helpers of the residents area (not a test file itself). */

/** A JPEG header of the given size (SOI, SOF0 with width and height) padded to `bytes`. */
export function fakeJpeg(width: number, height: number, bytes = 4096): Buffer {
  const head = Buffer.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x10,
    0x4a,
    0x46,
    0x49,
    0x46,
    0x00,
    0x01,
    0x01,
    0x00,
    0x00,
    0x01,
    0x00,
    0x01,
    0x00,
    0x00,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
  ]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length - 2)), Buffer.from([0xff, 0xd9])]);
}

/** A PNG header (signature + IHDR) of the given size padded to `bytes`. */
export function fakePng(width: number, height: number, bytes = 4096): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr[16] = 8;
  ihdr[17] = 2;
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, ihdr, Buffer.alloc(Math.max(0, bytes - 33))]);
}

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
 * A decodable JPEG; `orientation` adds an EXIF APP1 with that Orientation tag (as phones write it), `quality` 95
 * keeps big pictures big.
 */
export function realJpeg(width: number, height: number, opts: { orientation?: number; quality?: number } = {}) {
  const img = { width, height, data: photoPixels(width, height) };
  const out = jpeg.encode(img, opts.quality ?? 90).data;
  if (!opts.orientation) return out;
  // Big-endian TIFF with one IFD entry: 0x0112 SHORT 1 = orientation.
  const tiff = Buffer.from([
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08,
    0x00,
    0x01,
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    opts.orientation,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
  ]);
  const body = Buffer.concat([Buffer.from('Exif\u0000\u0000', 'latin1'), tiff]);
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([out.subarray(0, 2), app1, body, out.subarray(2)]);
}

/** A decodable RGBA PNG; `alpha` below 255 makes it see-through. */
export function realPng(width: number, height: number, alpha = 255): Buffer {
  const png = new PNG({ width, height });
  photoPixels(width, height, alpha).copy(png.data);
  return PNG.sync.write(png);
}
