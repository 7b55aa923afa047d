import { zipSync } from 'fflate';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { imageSize } from './face-image';
import { processFaceImage } from './face-process';
import { readPhotoZip } from './face-zip';
import { jpegOrientation } from './jpeg-orientation';
import { realJpeg, realPng } from './test-helpers';

describe('face photo processing', () => {
  it('applies the EXIF orientation and drops the metadata', () => {
    const src = realJpeg(600, 400, { orientation: 6 });
    expect(jpegOrientation(src)).toBe(6);
    const out = processFaceImage(src);
    expect([out.width, out.height]).toEqual([400, 600]);
    expect(imageSize(out.data)).toMatchObject({ type: 'jpg', width: 400, height: 600 });
    expect(jpegOrientation(out.data)).toBe(1);
    expect(out.data.includes(Buffer.from('Exif', 'latin1'))).toBe(false);
    // Orientation 3 turns the picture upside down: the red gradient (left → right) runs the other way.
    const flipped = jpeg.decode(processFaceImage(realJpeg(400, 400, { orientation: 3 })).data, { useTArray: true });
    expect(flipped.data[0]!).toBeGreaterThan(200);
  });

  it('scales a big picture to at most 1080 px and 200 KB of JPEG', () => {
    const out = processFaceImage(realJpeg(3000, 2000, { quality: 98 }));
    expect(Math.max(out.width, out.height)).toBe(1080);
    expect(out.height).toBe(720);
    expect(out.data.length).toBeLessThanOrEqual(200 * 1024);
    expect([out.data[0], out.data[1]]).toEqual([0xff, 0xd8]);
  });

  it('puts a see-through PNG on white and answers a JPEG', () => {
    const out = processFaceImage(realPng(400, 400, 0));
    expect(imageSize(out.data)?.type).toBe('jpg');
    const px = jpeg.decode(out.data, { useTArray: true }).data;
    expect(Math.min(px[0]!, px[1]!, px[2]!)).toBeGreaterThan(245);
  });

  it('refuses a picture it cannot decode', () => {
    const broken = Buffer.concat([realJpeg(400, 400).subarray(0, 200), Buffer.alloc(2000)]);
    expect(() => processFaceImage(broken)).toThrow('人脸照片无法识别，请重新上传');
    const png = new PNG({ width: 300, height: 300 });
    const truncated = PNG.sync.write(png).subarray(0, 60);
    expect(() => processFaceImage(truncated)).toThrow('人脸照片无法识别，请重新上传');
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
    });
    const photos = readPhotoZip(Buffer.from(zip));
    expect(photos.map((p) => [p.fileName, p.data?.length ?? null])).toEqual([
      ['13800138000.jpg', 3000],
      ['big.png', null],
    ]);
  });

  it('refuses more than 1000 photos and what is not a zip', () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i <= 1000; i += 1) many[`${13800000000 + i}.jpg`] = new Uint8Array(1);
    expect(() => readPhotoZip(Buffer.from(zipSync(many)))).toThrow('一次最多上传1000张照片');
    expect(() => readPhotoZip(Buffer.from('not a zip at all'))).toThrow('请上传zip格式的压缩包');
  });
});
