import { PlusOutlined } from '@ant-design/icons';
import {
  checkFeedbackImage,
  checkFeedbackImageCount,
  FEEDBACK_DIALOG_WIDTH,
  FEEDBACK_IMAGE_EXTENSIONS,
  FEEDBACK_MAX,
  FEEDBACK_MAX_IMAGES,
  MSG_FEEDBACK_REQUIRED,
  MSG_SUBMIT_OK,
  MSG_UPLOAD_FAILED,
} from '@linli/shared';
import { Form, Input, Modal, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { appConfig } from '../../config';
import { request } from '../request';
import { ui } from '../ui-bridge';
import { type UploadedFile, uploadImage } from '../upload';

interface Values {
  Contents: string;
}

const ACCEPT = FEEDBACK_IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** Spec §8 checks, in the order the user meets them: type, size, count. */
function rejectReason(file: File, already: number): string | null {
  return checkFeedbackImage(file) ?? checkFeedbackImageCount(already);
}

export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [saving, setSaving] = useState(false);

  const submit = async (values: Values) => {
    const images = files
      .filter((f) => f.status === 'done' && f.response)
      .map((f) => {
        const uploaded = f.response as UploadedFile;
        return { ImgName: uploaded.name, ImgPath: uploaded.url, Id: 0 };
      });
    setSaving(true);
    try {
      await request('/Feedback/FeedBackAdd', { Contents: values.Contents.trim(), ImgList: images, ImgListAdd: images });
      ui.toast('success', MSG_SUBMIT_OK);
      form.resetFields();
      setFiles([]);
      onClose();
    } catch {
      // The request client has shown the server's message; the text stays for another try.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="意见反馈"
      open={open}
      width={FEEDBACK_DIALOG_WIDTH}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="提交"
      confirmLoading={saving}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="Contents"
          label="反馈内容"
          rules={[{ required: true, whitespace: true, message: MSG_FEEDBACK_REQUIRED }]}
        >
          <Input.TextArea
            rows={6}
            maxLength={FEEDBACK_MAX}
            showCount
            placeholder="请描述您遇到的问题或建议，我们会尽快处理"
          />
        </Form.Item>
        <Form.Item label={`图片（最多${FEEDBACK_MAX_IMAGES}张，jpg/png/bmp，小于5MB）`}>
          <Upload
            listType="picture-card"
            accept={ACCEPT}
            multiple
            fileList={files}
            onChange={({ fileList }) => setFiles(fileList.filter((f) => f.status !== undefined))}
            beforeUpload={(file, batch) => {
              const reason = rejectReason(file, files.length + batch.indexOf(file));
              if (reason) ui.toast('error', reason);
              return reason ? Upload.LIST_IGNORE : true;
            }}
            customRequest={({ file, onSuccess, onError }) => {
              uploadImage(file as File)
                .then((uploaded) => onSuccess?.(uploaded))
                .catch((error: Error) => {
                  ui.toast('error', MSG_UPLOAD_FAILED);
                  onError?.(error);
                });
            }}
          >
            {files.length < FEEDBACK_MAX_IMAGES && (
              <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }} aria-label="上传图片">
                <PlusOutlined />
                <div style={{ marginTop: 8 }}>上传图片</div>
              </button>
            )}
          </Upload>
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          客服热线：<a href={`tel:${appConfig.supportPhone}`}>{appConfig.supportPhone}</a>
          <span style={{ margin: '0 12px' }}>|</span>
          <a href={appConfig.supportChatUrl} target="_blank" rel="noopener noreferrer">
            在线客服
          </a>
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}
