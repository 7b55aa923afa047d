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
