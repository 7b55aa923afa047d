import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { uploadPng as uploadOne } from '../../../test/uploads';
import { feedback } from '../../db/schema';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('service', 'Service@123');
});
afterAll(() => t.close());

const uploadPng = async () => (await uploadOne(t, token)).name;

describe('feedback', () => {
  it('requires contents, trimmed', async () => {
    const r = await t.api('/Feedback/FeedBackAdd', { Contents: '   ' }, token);
    expect(r).toMatchObject({ ret: 400, msg: '请输入反馈内容', data: { Errors: { Contents: '请输入反馈内容' } } });
  });

  it('refuses more than 300 characters and more than 5 images, and saves nothing', async () => {
    expect((await t.api('/Feedback/FeedBackAdd', { Contents: '字'.repeat(301) }, token)).ret).toBe(400);
    const img = { ImgName: 'a.png', ImgPath: await uploadPng(), Id: 0 };
    const six = await t.api(
      '/Feedback/FeedBackAdd',
      { Contents: '图太多', ImgList: [img, img, img], ImgListAdd: [img, img, img] },
      token,
    );
    expect(six).toMatchObject({ ret: 400, msg: '最多上传5张' });
    expect(await t.db.select().from(feedback)).toHaveLength(0);
  });

  it("refuses an image path that is not one of this company's uploads", async () => {
    const r = await t.api(
      '/Feedback/FeedBackAdd',
      { Contents: '看图', ImgList: [{ ImgName: 'x.png', ImgPath: '202601/not-mine.png', Id: 0 }] },
      token,
    );
    expect(r).toMatchObject({ ret: 400, msg: '上传图片失败!' });
  });

  it('saves exactly 300 trimmed characters with images and answers 提交成功', async () => {
    const path = await uploadPng();
    const text = '好'.repeat(300);
    const r = await t.api(
      '/Feedback/FeedBackAdd',
      { Contents: `  ${text}  `, ImgList: [], ImgListAdd: [{ ImgName: 'a.png', ImgPath: path, Id: 0 }] },
      token,
    );
    expect(r).toMatchObject({ ret: 0, msg: '提交成功' });
    const rows = await t.db.select().from(feedback);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.contents).toBe(text);
    expect(rows[0]!.images).toEqual([{ ImgName: 'a.png', ImgPath: path }]);
  });
});
