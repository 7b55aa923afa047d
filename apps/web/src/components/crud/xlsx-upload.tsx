import { InboxOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { request } from '../../app/request';
import { ui } from '../../app/ui-bridge';
import { downloadFile } from './file-transfer';

const MAX_BYTES = 5 * 1024 * 1024;

/** 下载模板 of an import. */
export function TemplateButton({ call }: { call: string }) {
  return <Button onClick={() => void downloadFile(call).catch(() => undefined)}>下载模板</Button>;
}

/** The import's file box: one xlsx of at most 5 MB; anything else is refused with a toast and not kept. */
export function XlsxDragger({
  file,
  onPick,
  onRemove,
}: {
  file: File | null;
  onPick(f: File): void;
  onRemove(): void;
}) {
  return (
    <Upload.Dragger
      accept=".xlsx"
      maxCount={1}
      fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
      beforeUpload={(f) => {
        if (!f.name.toLowerCase().endsWith('.xlsx')) ui.toast('error', '请上传xlsx格式的文件');
        else if (f.size > MAX_BYTES) ui.toast('error', '导入文件不能超过5MB');
        else onPick(f);
        return false;
      }}
      onRemove={() => onRemove()}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">点击或拖拽 xlsx 文件到这里</p>
    </Upload.Dragger>
  );
}

/**
 * Posts the xlsx as `file` with the import's other fields and `Mode` (when chosen). The upload is reported as 0…`upTo`
 * percent (50 when the size is unknown), so a caller can keep the rest of the bar for the server's work.
 */
export function postXlsx<T>(
  call: string,
  file: File,
  { fields, mode }: { fields?: Record<string, string>; mode?: string | number },
  upTo: number,
  onPercent: (percent: number) => void,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields ?? {})) form.append(k, v);
  if (mode !== undefined) form.append('Mode', String(mode));
  form.append('file', file);
  return request<T>(call, form, {
    silent: true,
    config: {
      timeout: 5 * 60_000,
      onUploadProgress: (e) => onPercent(e.total ? Math.round((e.loaded / e.total) * upTo) : 50),
    },
  });
}
