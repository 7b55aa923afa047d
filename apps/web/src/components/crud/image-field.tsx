import { UploadOutlined } from '@ant-design/icons';
import { Button, Image, Space, Upload } from 'antd';
import { useState } from 'react';
import { ui } from '../../app/ui-bridge';
import { fileExtension, uploadImage } from '../../app/upload';

const TYPES = ['jpg', 'jpeg', 'png'];
const MAX_BYTES = 2 * 1024 * 1024;

/** An image URL field (logo, avatar, photo): preview plus 上传 (jpg/png ≤2 MB). Form.Item passes value/onChange. */
export function ImageField({ value, onChange }: { value?: string; onChange?(v: string): void }) {
  const [busy, setBusy] = useState(false);
  const pick = async (file: File) => {
    if (!TYPES.includes(fileExtension(file.name))) return ui.toast('error', '图片只能是 jpg、png 格式');
    if (file.size > MAX_BYTES) return ui.toast('error', '图片大小不能超过 2MB');
    setBusy(true);
    try {
      onChange?.((await uploadImage(file)).url);
    } catch {
      ui.toast('error', '上传图片失败!');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space align="center">
      {value && <Image src={value} width={64} height={64} style={{ objectFit: 'contain' }} alt="图片" />}
      <Upload
        accept=".jpg,.jpeg,.png"
        showUploadList={false}
        beforeUpload={(f) => {
          void pick(f);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {value ? '更换' : '上传'}
        </Button>
      </Upload>
      {value && (
        <Button type="link" danger onClick={() => onChange?.('')}>
          移除
        </Button>
      )}
    </Space>
  );
}
