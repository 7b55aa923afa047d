/** Width and height read from a PNG's IHDR or a JPEG's SOF marker; null when the file is not one of them. */
export function imageSize(buf: Buffer): { type: 'jpg' | 'png'; width: number; height: number } | null {
  if (buf.length > 24 && buf.readUInt32BE(0) === 0x89504e47 && buf.toString('latin1', 12, 16) === 'IHDR')
    return { type: 'png', width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  if (buf.length > 4 && buf[0] === 0xff && buf[1] === 0xd8) {
    let i = 2;
    while (i + 9 < buf.length) {
      if (buf[i] !== 0xff) {
        i += 1;
        continue;
      }
      const marker = buf[i + 1]!;
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0xff) {
        i += marker === 0xff ? 1 : 2;
        continue;
      }
      const len = buf.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { type: 'jpg', height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
      i += 2 + len;
    }
    return { type: 'jpg', width: 0, height: 0 };
  }
  return null;
}

export const FACE_MAX_BYTES = 2 * 1024 * 1024;
export const FACE_MIN_SIDE = 300;

/** The upload rules of 人脸库, checked again on the server; answers the refusal or null. */
export function checkFaceImage(buf: Buffer): string | null {
  const size = imageSize(buf);
  if (!size) return '人脸照片只支持jpg、png格式';
  if (buf.length > FACE_MAX_BYTES) return '人脸照片大小不能超过2MB';
  if (size.width < FACE_MIN_SIDE || size.height < FACE_MIN_SIDE) return '人脸照片分辨率不能低于300×300';
  return null;
}
