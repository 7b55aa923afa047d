import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Image, Modal, Select, Space, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { ui } from '../../../app/ui-bridge';
import { uploadImage } from '../../../app/upload';
import { checkFacePhoto, FACE_TIPS } from '../shared/face-rules';
import { FACES, faceUpload, residentOptions } from './api';

export interface UploadTarget {
  ResidentId?: number;
  ResidentName?: string;
}

/** 上传人脸 / 更换照片: a resident (picked by name or mobile) and one jpg/png ≤2 MB of at least 300×300. */
export function UploadDialog({ target, onClose }: { target: UploadTarget | null; onClose(): void }) {
  const [residentId, setResidentId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const options = useQuery({
    queryKey: ['residents', 'options', keyword],
    queryFn: () => residentOptions(keyword),
    enabled: !!target && !target.ResidentId,
  });

  useEffect(() => {
    setResidentId(target?.ResidentId);
    setFile(null);
    setError(null);
    setKeyword('');
  }, [target]);
  useEffect(() => {
    if (!file) return setPreview('');
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = async (f: File) => {
    const msg = await checkFacePhoto(f);
    setError(msg);
    setFile(msg ? null : f);
    if (msg) ui.toast('error', msg);
  };

  const submit = async () => {
    if (!residentId) return setError('请选择住户');
    if (!file) return setError('请上传人脸照片');
    setSaving(true);
    try {
      const uploaded = await uploadImage(file).catch(() => {
        throw new Error('上传图片失败!');
      });
      await faceUpload(residentId, uploaded.url);
      ui.toast('success', '上传成功，正在同步到设备');
      void queryClient.invalidateQueries({ queryKey: [FACES] });
      void queryClient.invalidateQueries({ queryKey: ['residents'] });
      onClose();
    } catch (e) {
      if (e instanceof Error && e.message === '上传图片失败!') ui.toast('error', e.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={target?.ResidentId ? `更换照片 — ${target.ResidentName ?? ''}` : '上传人脸'}
      open={!!target}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="上传"
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form layout="vertical">
        {!target?.ResidentId && (
          <Form.Item label="住户" required>
            <Select
              aria-label="住户"
              showSearch={{ filterOption: false, onSearch: setKeyword }}
              placeholder="输入姓名或手机号搜索"
              value={residentId}
              onChange={setResidentId}
              loading={options.isFetching}
              options={(options.data ?? []).map((r) => ({
                value: r.Id,
                label: `${r.Name} ${r.Mobile ?? ''} ${Array.isArray(r.Rooms) ? r.Rooms.join('、') : (r.Rooms ?? '')}`,
              }))}
            />
          </Form.Item>
        )}
        <Form.Item label="人脸照片" required extra={`拍摄要求：${FACE_TIPS}。jpg、png格式，不超过2MB，不低于300×300。`}>
          <Space align="start">
            {preview && (
              <Image src={preview} width={96} height={96} style={{ objectFit: 'cover' }} alt="待上传的人脸照片" />
            )}
            <Upload
              accept=".jpg,.jpeg,.png"
              showUploadList={false}
              beforeUpload={(f) => {
                void pick(f);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>{file ? '重新选择' : '选择照片'}</Button>
            </Upload>
          </Space>
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} role="alert" />}
      </Form>
    </Modal>
  );
}
