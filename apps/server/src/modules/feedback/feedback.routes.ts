import { FEEDBACK_MAX_IMAGES, FeedbackBody, MSG_FEEDBACK_IMAGE_COUNT, MSG_UPLOAD_FAILED } from '@linli/shared';
import { audit } from '../../core/audit';
import { call } from '../../core/calls';
import { fail } from '../../core/errors';
import { assertOwnUploads, storedPath } from '../../core/upload-refs';
import { feedback } from '../../db/schema';

export const feedbackCalls = [
  call({
    path: '/Feedback/FeedBackAdd',
    self: true,
    body: FeedbackBody,
    okMsg: '提交成功',
    handler: async (b, { deps, auth, ip }) => {
      const images = [...b.ImgList, ...b.ImgListAdd];
      if (images.length > FEEDBACK_MAX_IMAGES) throw fail(MSG_FEEDBACK_IMAGE_COUNT);
      const { db } = deps.database;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(feedback)
          .values({
            cmpId: auth.cmpId,
            userId: auth.userId,
            contents: b.Contents,
            images: images.map((i) => ({ ImgName: i.ImgName, ImgPath: storedPath(i.ImgPath) })),
            createdAt: deps.now(),
          })
          .returning({ id: feedback.id });
        // Only this company's own uploads may be attached.
        const paths = images.map((i) => i.ImgPath);
        await assertOwnUploads(tx, auth, { name: 'ImgList', label: '图片', msg: MSG_UPLOAD_FAILED }, paths, {
          table: 'feedback',
          id: row!.id,
        });
        await audit(
          tx,
          { cmpId: auth.cmpId, userId: auth.userId, action: 'feedback.add', entity: 'feedback', entityId: row!.id, ip },
          deps.now(),
        );
        return row!.id;
      });
    },
  }),
];
