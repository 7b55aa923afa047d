import {
  FEEDBACK_IMAGE_EXTENSIONS,
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_MAX_IMAGES,
  MSG_FEEDBACK_IMAGE_COUNT,
  MSG_FEEDBACK_IMAGE_SIZE,
  MSG_FEEDBACK_IMAGE_TYPE,
} from './constants';

const MIME_BY_EXTENSION: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', bmp: 'image/bmp' };

/**
 * Spec §5 feedback image rule, checked before upload: jpg, png or bmp, under 5 MB. The MIME type wins when the
 * browser gives one (a renamed file keeps its real type); otherwise the file name's extension decides.
 */
export function checkFeedbackImage(file: { name: string; size: number; type?: string }): string | null {
  const allowedTypes = FEEDBACK_IMAGE_EXTENSIONS.map((ext) => MIME_BY_EXTENSION[ext]);
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = file.type
    ? allowedTypes.includes(file.type.toLowerCase())
    : file.name.includes('.') && FEEDBACK_IMAGE_EXTENSIONS.includes(extension);
  if (!typeOk) return MSG_FEEDBACK_IMAGE_TYPE;
  if (file.size >= FEEDBACK_IMAGE_MAX_BYTES) return MSG_FEEDBACK_IMAGE_SIZE;
  return null;
}

/** '最多上传5张' once the form already holds the maximum and one more is added. */
export function checkFeedbackImageCount(current: number, adding = 1): string | null {
  return current + adding > FEEDBACK_MAX_IMAGES ? MSG_FEEDBACK_IMAGE_COUNT : null;
}
