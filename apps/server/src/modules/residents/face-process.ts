import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { imageSize } from './face-image';
import { jpegOrientation } from './jpeg-orientation';

/** What devices accept (domain/residents.md "Upload rules"). */
export const FACE_MAX_SIDE = 1080;
export const FACE_STORED_MAX_BYTES = 200 * 1024;
export const FACE_UNREADABLE = '人脸照片无法识别，请重新上传';
/** A 2 MB file may still declare a huge canvas; the decoders would allocate for it. */
const MAX_PIXELS = 50_000_000;
const QUALITIES = [85, 75, 65, 55, 45, 35];

interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

export class FaceImageError extends Error {}

/**
 * A checked jpg/png (face-image.ts checkFaceImage) made ready for devices: EXIF orientation applied, metadata gone
 * (the encoder writes none), at most 1080 px on the long side, a baseline JPEG of at most 200 KB.
 */
export function processFaceImage(buf: Buffer): { data: Buffer; width: number; height: number } {
  const size = imageSize(buf);
  if (!size || size.width * size.height > MAX_PIXELS) throw new FaceImageError(FACE_UNREADABLE);
  let img: Rgba;
  try {
    img = size.type === 'png' ? flattenPng(buf) : decodeJpeg(buf);
  } catch {
    throw new FaceImageError(FACE_UNREADABLE);
  }
  const orientation = size.type === 'jpg' ? jpegOrientation(buf) : 1;
  // Scaling before turning does the turn on the small picture; the long side is the same either way.
  const scale = Math.min(1, FACE_MAX_SIDE / Math.max(img.width, img.height));
  let out = orient(boxResize(img, scale), orientation);
  for (;;) {
    for (const q of QUALITIES) {
      const data = jpeg.encode({ width: out.width, height: out.height, data: out.data }, q).data;
      if (data.length <= FACE_STORED_MAX_BYTES || Math.max(out.width, out.height) < 200)
        return { data, width: out.width, height: out.height };
    }
    // Noise-like pictures stay large even at low quality: fewer pixels is the only way left.
    out = boxResize(out, 0.75);
  }
}

function decodeJpeg(buf: Buffer): Rgba {
  return jpeg.decode(buf, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: 50, maxMemoryUsageInMB: 600 });
}

/** Transparent pixels would turn black in a JPEG; faces are shown on white. */
function flattenPng(buf: Buffer): Rgba {
  const png = PNG.sync.read(buf);
  const d = png.data;
  for (let i = 0; i < d.length; i += 4) {
    const a = d[i + 3]!;
    if (a === 255) continue;
    const k = a / 255;
    d[i] = Math.round(d[i]! * k + 255 * (1 - k));
    d[i + 1] = Math.round(d[i + 1]! * k + 255 * (1 - k));
    d[i + 2] = Math.round(d[i + 2]! * k + 255 * (1 - k));
    d[i + 3] = 255;
  }
  return { width: png.width, height: png.height, data: d };
}

/** Area averaging: every source pixel counts once, so downscaled faces stay smooth instead of aliased. */
export function boxResize(src: Rgba, scale: number): Rgba {
  if (scale >= 1) return src;
  const width = Math.max(1, Math.round(src.width * scale));
  const height = Math.max(1, Math.round(src.height * scale));
  const out = new Uint8Array(width * height * 4);
  const sx = src.width / width;
  const sy = src.height / height;
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.floor(y * sy);
    const y1 = Math.max(y0 + 1, Math.min(src.height, Math.floor((y + 1) * sy)));
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.floor(x * sx);
      const x1 = Math.max(x0 + 1, Math.min(src.width, Math.floor((x + 1) * sx)));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let yy = y0; yy < y1; yy += 1) {
        let p = (yy * src.width + x0) * 4;
        for (let xx = x0; xx < x1; xx += 1, p += 4) {
          r += src.data[p]!;
          g += src.data[p + 1]!;
          b += src.data[p + 2]!;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (y * width + x) * 4;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
      out[o + 3] = 255;
    }
  }
  return { width, height, data: out };
}

type Point = [number, number];
/** Where the pixel (x, y) of the turned picture comes from in the w×h source, per EXIF orientation. */
const SOURCE_OF: Record<number, (x: number, y: number, w: number, h: number) => Point> = {
  2: (x, y, w) => [w - 1 - x, y],
  3: (x, y, w, h) => [w - 1 - x, h - 1 - y],
  4: (x, y, _w, h) => [x, h - 1 - y],
  5: (x, y) => [y, x],
  6: (x, y, _w, h) => [y, h - 1 - x],
  7: (x, y, w, h) => [w - 1 - y, h - 1 - x],
  8: (x, y, w) => [w - 1 - y, x],
};

/** Turns the pixels as EXIF orientation 2–8 asks; 5–8 swap width and height. */
export function orient(src: Rgba, orientation: number): Rgba {
  if (orientation < 2 || orientation > 8) return src;
  const { width: w, height: h } = src;
  const swap = orientation >= 5;
  const width = swap ? h : w;
  const height = swap ? w : h;
  const out = new Uint8Array(width * height * 4);
  const from = SOURCE_OF[orientation]!;
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const [fx, fy] = from(x, y, w, h);
      const s = (fy * w + fx) * 4;
      const o = (y * width + x) * 4;
      out[o] = src.data[s]!;
      out[o + 1] = src.data[s + 1]!;
      out[o + 2] = src.data[s + 2]!;
      out[o + 3] = 255;
    }
  return { width, height, data: out };
}
