import { z } from 'zod';
import { FEEDBACK_MAX, FEEDBACK_MAX_IMAGES, MSG_FEEDBACK_IMAGE_COUNT, MSG_FEEDBACK_REQUIRED } from '../constants';
import { zRequiredText } from '../zod-rules';
import { jsonArray, zId } from './form';

/** One uploaded image of the feedback form; new images carry Id 0 (spec §3). */
export const FeedbackImage = z.object({
  ImgName: z.string({ error: '图片名称不能为空' }),
  ImgPath: z.string({ error: '图片地址不能为空' }).min(1, '图片地址不能为空'),
  Id: zId().default(0),
});
export type FeedbackImage = z.infer<typeof FeedbackImage>;

const images = () =>
  jsonArray(FeedbackImage, { max: FEEDBACK_MAX_IMAGES, maxMessage: MSG_FEEDBACK_IMAGE_COUNT }).default([]);

/** /Feedback/FeedBackAdd (spec §5): Contents required, trimmed, at most 300 characters; at most 5 images. */
export const FeedbackBody = z.object({
  Contents: zRequiredText(MSG_FEEDBACK_REQUIRED, FEEDBACK_MAX, '反馈内容'),
  ImgList: images(),
  ImgListAdd: images(),
});
export type FeedbackBody = z.infer<typeof FeedbackBody>;
