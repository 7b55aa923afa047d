import { Unzip, UnzipInflate } from 'fflate';
import { ApiError, fail } from '../../core/errors';
import { cleanFileName } from '../../core/uploads';
import { FACE_MAX_BYTES } from './face-image';

export const ZIP_MAX_BYTES = 50 * 1024 * 1024;
export const ZIP_MAX_PHOTOS = 1000;
/** JPEG and PNG barely compress, so a real 50 MB archive unpacks to little more; anything far beyond is a bomb. */
const ZIP_MAX_UNPACKED = 200 * 1024 * 1024;

export interface ZipPhoto {
  /** The entry's own name without folders: '13800138000.jpg'. */
  fileName: string;
  /** null when the entry is larger than a face photo may be (declared or found while unpacking). */
  data: Buffer | null;
  /** The entry could not be unpacked (an unknown compression method or broken data). */
  broken?: boolean;
}

/** Folders, macOS resource forks and hidden files are zip tools' by-products, not photos. */
const isJunk = (name: string) =>
  name.endsWith('/') || name.split('/').some((part) => part.startsWith('.') || part === '__MACOSX');

/**
 * The photos of a 批量上传 zip, in archive order. Streams the entries so that each one's real unpacked size is
 * counted: an entry stops at 2 MB whatever its header claims, and the whole archive at 200 MB.
 */
export function readPhotoZip(zip: Buffer): ZipPhoto[] {
  // A local file header, or the end record alone (an empty archive).
  if (zip.length < 4 || ![0x04034b50, 0x06054b50].includes(zip.readUInt32LE(0))) throw fail('请上传zip格式的压缩包');
  const photos: ZipPhoto[] = [];
  let unpacked = 0;
  const unzip = new Unzip((file) => {
    if (isJunk(file.name)) return;
    if (photos.length >= ZIP_MAX_PHOTOS) throw fail(`一次最多上传${ZIP_MAX_PHOTOS}张照片`);
    const photo: ZipPhoto = { fileName: cleanFileName(file.name.split('/').pop() ?? file.name), data: null };
    photos.push(photo);
    if ((file.originalSize ?? 0) > FACE_MAX_BYTES) return;
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (err, chunk, final) => {
      if (err) {
        photo.broken = true;
        return;
      }
      size += chunk.length;
      unpacked += chunk.length;
      if (unpacked > ZIP_MAX_UNPACKED) throw fail('压缩包解压后过大，请分批上传');
      if (size > FACE_MAX_BYTES) {
        chunks.length = 0;
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) photo.data = Buffer.concat(chunks);
    };
    try {
      file.start();
    } catch {
      photo.broken = true;
    }
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(new Uint8Array(zip.buffer, zip.byteOffset, zip.length), true);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw fail('压缩包已损坏，无法读取');
  }
  return photos;
}
