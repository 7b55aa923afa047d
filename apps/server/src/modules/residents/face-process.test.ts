import { zipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkFaceImage } from './face-image';
import { processFaceImage } from './face-process';
import { readPhotoZip } from './face-zip';
import { realJpeg, realPng } from './test-helpers';

const pixels = (buf: Buffer) => sharp(buf).raw().toBuffer({ resolveWithObject: true });

describe('face photo processing', () => {
  it('applies the EXIF orientation and drops the metadata', async () => {
    const src = await realJpeg(600, 400, { orientation: 6 });
    expect((await sharp(src).metadata()).orientation).toBe(6);
    const out = await processFaceImage(src);
    expect([out.width, out.height]).toEqual([400, 600]);
    const meta = await sharp(out.data).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 400, height: 600, isProgressive: false });
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(out.data.includes(Buffer.from('Exif', 'latin1'))).toBe(false);
    // Orientation 3 turns the picture upside down: the red gradient (left → right) runs the other way.
    const flipped = await pixels((await processFaceImage(await realJpeg(400, 400, { orientation: 3 }))).data);
    expect(flipped.data[0]!).toBeGreaterThan(200);
    const upright = await pixels((await processFaceImage(await realJpeg(400, 400))).data);
    expect(upright.data[0]!).toBeLessThan(50);
  });

  it('scales a big picture to at most 1080 px and 200 KB of JPEG', async () => {
    const out = await processFaceImage(await realJpeg(3000, 2000, { quality: 98 }));
    expect(Math.max(out.width, out.height)).toBe(1080);
    expect(out.height).toBe(720);
    expect(out.data.length).toBeLessThanOrEqual(200 * 1024);
    expect([out.data[0], out.data[1]]).toEqual([0xff, 0xd8]);
  });

  it('keeps a small picture at its size', async () => {
    const out = await processFaceImage(await realJpeg(500, 640));
    expect([out.width, out.height]).toEqual([500, 640]);
  });

  it('puts a see-through PNG on white and answers a JPEG', async () => {
    const out = await processFaceImage(await realPng(400, 400, 0));
    expect((await sharp(out.data).metadata()).format).toBe('jpeg');
    const px = (await pixels(out.data)).data;
    expect(Math.min(px[0]!, px[1]!, px[2]!)).toBeGreaterThan(245);
  });

  it('refuses a picture it cannot decode', async () => {
    const broken = Buffer.concat([(await realJpeg(400, 400)).subarray(0, 200), Buffer.alloc(2000)]);
    await expect(processFaceImage(broken)).rejects.toThrow('人脸照片无法识别，请重新上传');
    const truncated = (await realPng(300, 300)).subarray(0, 60);
    await expect(processFaceImage(truncated)).rejects.toThrow('人脸照片无法识别，请重新上传');
  });
});

describe('upload rules', () => {
  it('refuses other formats, over 2 MB and under 300×300, by content', async () => {
    expect(await checkFaceImage(await realJpeg(400, 300))).toBeNull();
    expect(await checkFaceImage(await realPng(300, 400))).toBeNull();
    expect(await checkFaceImage(Buffer.from('GIF89a....'))).toBe('人脸照片只支持jpg、png格式');
    expect(await checkFaceImage(await realJpeg(299, 500))).toBe('人脸照片分辨率不能低于300×300');
    const big = Buffer.concat([await realJpeg(400, 400), Buffer.alloc(2 * 1024 * 1024)]);
    expect(await checkFaceImage(big)).toBe('人脸照片大小不能超过2MB');
  });
});

describe('batch zip reading', () => {
  it('skips folders, __MACOSX and dot files; an entry over 2 MB is not unpacked', () => {
    const zip = zipSync({
      'photos/13800138000.jpg': new Uint8Array(3000).fill(7),
      '__MACOSX/photos/._13800138000.jpg': new Uint8Array(3),
      'photos/.DS_Store': new Uint8Array(2),
      'photos/': new Uint8Array(0),
      'big.png': new Uint8Array(3 * 1024 * 1024),
      'photos/139\u000000138000.jpg': new Uint8Array(5),
    });
    const photos = readPhotoZip(Buffer.from(zip));
    expect(photos.map((p) => [p.fileName, p.data?.length ?? null])).toEqual([
      ['13800138000.jpg', 3000],
      ['big.png', null],
      // A NUL in a name would break the batch's row: names are cleaned as uploads' are.
      ['13900138000.jpg', 5],
    ]);
  });

  it('refuses more than 1000 photos and what is not a zip', () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i <= 1000; i += 1) many[`${13800000000 + i}.jpg`] = new Uint8Array(1);
    expect(() => readPhotoZip(Buffer.from(zipSync(many)))).toThrow('一次最多上传1000张照片');
    expect(() => readPhotoZip(Buffer.from('not a zip at all'))).toThrow('请上传zip格式的压缩包');
  });
});
