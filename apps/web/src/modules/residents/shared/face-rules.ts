export const FACE_MAX_BYTES = 2 * 1024 * 1024;
export const FACE_MIN_SIDE = 300;
export const MSG_FACE_FORMAT = '人脸照片只支持jpg、png格式';
export const MSG_FACE_SIZE = '人脸照片大小不能超过2MB';
export const MSG_FACE_RESOLUTION = '人脸照片分辨率不能低于300×300';
export const FACE_TIPS = '正脸、免冠、无墨镜、光线均匀、单人';
export const ZIP_MAX_BYTES = 50 * 1024 * 1024;
export const MSG_ZIP_FORMAT = '请上传zip格式的压缩包';
export const MSG_ZIP_SIZE = '压缩包不能超过50MB';

const FACE_TYPES = ['image/jpeg', 'image/png'];

/** Format and size of a picked face photo (before it is decoded). */
export function faceFileError(file: { name: string; type: string; size: number }): string | null {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  if (!FACE_TYPES.includes(file.type) && !['jpg', 'jpeg', 'png'].includes(ext)) return MSG_FACE_FORMAT;
  if (file.size > FACE_MAX_BYTES) return MSG_FACE_SIZE;
  return null;
}

/** Resolution of a decoded face photo. */
export const faceSizeError = (width: number, height: number) =>
  width < FACE_MIN_SIDE || height < FACE_MIN_SIDE ? MSG_FACE_RESOLUTION : null;

/** A batch zip: .zip and at most 50 MB. */
export const zipFileError = (file: { name: string; size: number }) =>
  !file.name.toLowerCase().endsWith('.zip') ? MSG_ZIP_FORMAT : file.size > ZIP_MAX_BYTES ? MSG_ZIP_SIZE : null;

/** The pixel size of a picked image (decoded by the browser). */
export function readImageSize(file: Blob): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      reject(new Error('image'));
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}

/** Every browser-side rule of a face photo: format, size, then resolution. */
export async function checkFacePhoto(file: File): Promise<string | null> {
  const first = faceFileError(file);
  if (first) return first;
  try {
    const { width, height } = await readImageSize(file);
    return faceSizeError(width, height);
  } catch {
    return MSG_FACE_FORMAT;
  }
}
