import { describe, expect, it } from 'vitest';
import { faceFileError, faceSizeError, zipFileError } from './face-rules';

describe('face upload rules', () => {
  it('takes jpg and png up to 2 MB', () => {
    expect(faceFileError({ name: 'a.jpg', type: 'image/jpeg', size: 1024 * 1024 })).toBeNull();
    expect(faceFileError({ name: 'a.png', type: 'image/png', size: 3 * 1024 * 1024 })).toBe('人脸照片大小不能超过2MB');
    expect(faceFileError({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('人脸照片只支持jpg、png格式');
  });
  it('needs at least 300×300', () => {
    expect(faceSizeError(299, 400)).toBe('人脸照片分辨率不能低于300×300');
    expect(faceSizeError(300, 300)).toBeNull();
  });
  it('takes a zip up to 50 MB', () => {
    expect(zipFileError({ name: 'faces.zip', size: 1000 })).toBeNull();
    expect(zipFileError({ name: 'faces.rar', size: 1000 })).toBe('请上传zip格式的压缩包');
    expect(zipFileError({ name: 'FACES.ZIP', size: 50 * 1024 * 1024 })).toBeNull();
    expect(zipFileError({ name: 'faces.zip', size: 51 * 1024 * 1024 })).toBe('压缩包不能超过50MB');
  });
});
