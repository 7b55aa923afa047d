import { PlusOutlined } from '@ant-design/icons';
import { Button, Image, Space, Upload } from 'antd';
import { useState } from 'react';
import { ui } from '../../app/ui-bridge';
import { fileExtension, uploadImage } from '../../app/upload';

const TYPES = ['jpg', 'jpeg', 'png'];
const MAX_BYTES = 2 * 1024 * 1024;

/** Several photos (community photos, inspection photos): thumbnails, 上传 up to `max` (jpg/png ≤2 MB), 移除. */
export function ImageListField({
  value = [],
  onChange,
  max = 5,
}: {
  value?: string[];
  onChange?(v: string[]): void;
  max?: number;
}) {
  const [busy, setBusy] = useState(false);
  const pick = async (file: File) => {
    if (!TYPES.includes(fileExtension(file.name))) return ui.toast('error', '图片只能是 jpg、png 格式');
    if (file.size > MAX_BYTES) return ui.toast('error', '图片大小不能超过 2MB');
    setBusy(true);
    try {
      onChange?.([...value, (await uploadImage(file)).url].slice(0, max));
    } catch {
      ui.toast('error', '上传图片失败!');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space wrap align="start">
      <Image.PreviewGroup>
        {value.map((url, i) => (
          <Space key={url + i} orientation="vertical" size={0} align="center">
            <Image src={url} width={72} height={72} style={{ objectFit: 'cover' }} alt={`图片${i + 1}`} />
            <Button type="link" size="small" danger onClick={() => onChange?.(value.filter((_, j) => j !== i))}>
              移除
            </Button>
          </Space>
        ))}
      </Image.PreviewGroup>
      {value.length < max && (
        <Upload
          accept=".jpg,.jpeg,.png"
          showUploadList={false}
          beforeUpload={(f) => {
            void pick(f);
            return false;
          }}
        >
          <Button icon={<PlusOutlined />} loading={busy}>
            上传（{value.length}/{max}）
          </Button>
        </Upload>
      )}
    </Space>
  );
}
