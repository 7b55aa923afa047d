import sharp, { type OutputInfo } from 'sharp';
import { FACE_UNREADABLE } from './face-image';

export { FACE_UNREADABLE };

/** What devices accept (domain/residents.md "Upload rules"). */
export const FACE_MAX_SIDE = 1080;
export const FACE_STORED_MAX_BYTES = 200 * 1024;
/** A 2 MB file may still declare a huge canvas; the decoder would allocate for it. */
const MAX_PIXELS = 50_000_000;
const QUALITIES = [85, 75, 65, 55, 45, 35];

export class FaceImageError extends Error {}

/**
 * A checked jpg/png (face-image.ts checkFaceImage) made ready for devices by sharp, in libuv's thread pool (off the
 * event loop): EXIF orientation applied, metadata dropped (sharp writes none unless asked), transparent pixels on
 * white, at most 1080 px on the long side, a baseline JPEG of at most 200 KB.
 */
export async function processFaceImage(buf: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  try {
    const turned = await sharp(buf, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({ width: FACE_MAX_SIDE, height: FACE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = turned.info;
    let side = Math.max(width, height);
    for (;;) {
      const sized = sharp(turned.data, { raw: { width, height, channels } }).resize({
        width: side,
        height: side,
        fit: 'inside',
        withoutEnlargement: true,
      });
      let last: { data: Buffer; info: OutputInfo } | undefined;
      for (const quality of QUALITIES) {
        last = await sized.clone().jpeg({ quality }).toBuffer({ resolveWithObject: true });
        if (last.data.length <= FACE_STORED_MAX_BYTES) break;
      }
      // Noise-like pictures stay large even at low quality: fewer pixels is the only way left.
      if (last!.data.length <= FACE_STORED_MAX_BYTES || side < 200)
        return { data: last!.data, width: last!.info.width, height: last!.info.height };
      side = Math.floor(side * 0.75);
    }
  } catch (err) {
    if (err instanceof FaceImageError) throw err;
    throw new FaceImageError(FACE_UNREADABLE);
  }
}
