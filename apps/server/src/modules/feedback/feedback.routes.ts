import { FEEDBACK_MAX_IMAGES, FeedbackBody, MSG_FEEDBACK_IMAGE_COUNT, MSG_UPLOAD_FAILED } from '@linli/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { audit } from '../../core/audit';
import { call } from '../../core/calls';
import { fail } from '../../core/errors';
import { feedback, uploads } from '../../db/schema';

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
      if (images.length) {
        // Only this company's own uploads may be attached.
        const paths = images.map((i) => i.ImgPath.replace(/^\/uploads\//, ''));
        const found = await db
          .select({ p: uploads.storedPath })
          .from(uploads)
          .where(and(eq(uploads.cmpId, auth.cmpId), inArray(uploads.storedPath, paths)));
        if (found.length !== new Set(paths).size) throw fail(MSG_UPLOAD_FAILED);
      }
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(feedback)
          .values({
            cmpId: auth.cmpId,
            userId: auth.userId,
            contents: b.Contents,
            images: images.map((i) => ({ ImgName: i.ImgName, ImgPath: i.ImgPath.replace(/^\/uploads\//, '') })),
            createdAt: deps.now(),
          })
          .returning({ id: feedback.id });
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
