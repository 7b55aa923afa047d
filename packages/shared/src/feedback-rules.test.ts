import { describe, expect, it } from 'vitest';
import { checkFeedbackImage, checkFeedbackImageCount } from './feedback-rules';

const MB = 1024 * 1024;

describe('feedback images', () => {
  it('accepts jpg, png and bmp under 5 MB', () => {
    expect(checkFeedbackImage({ name: 'a.jpg', type: 'image/jpeg', size: MB })).toBeNull();
    expect(checkFeedbackImage({ name: 'a.PNG', size: MB })).toBeNull();
    expect(checkFeedbackImage({ name: 'a.bmp', type: 'image/bmp', size: 5 * MB - 1 })).toBeNull();
  });

  it('refuses other formats', () => {
    const msg = '上传的图片格式不对，要求为jpg,png,bmp格式!';
    expect(checkFeedbackImage({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe(msg);
    expect(checkFeedbackImage({ name: 'a.png', type: 'application/pdf', size: 10 })).toBe(msg);
    expect(checkFeedbackImage({ name: 'png', size: 10 })).toBe(msg);
  });

  it('refuses 5 MB and more', () => {
    expect(checkFeedbackImage({ name: 'a.jpg', type: 'image/jpeg', size: 5 * MB })).toBe('上传的图片大小不能超过 5MB!');
  });

  it('allows at most 5 images', () => {
    expect(checkFeedbackImageCount(4)).toBeNull();
    expect(checkFeedbackImageCount(5)).toBe('最多上传5张');
    expect(checkFeedbackImageCount(3, 3)).toBe('最多上传5张');
  });
});
