import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { useState } from 'react';
import { request } from '../../../app/request';
import { ui } from '../../../app/ui-bridge';
import { fileExtension } from '../../../app/upload';
import type { ArchiveFile } from './api';

const TYPES = ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx', 'xls', 'xlsx'];
const MAX_BYTES = 10 * 1024 * 1024;
const MAX_FILES = 10;

/** 附件: up to 10 files (pdf/jpg/png/doc(x)/xls(x), ≤10 MB each), uploaded as documents (tp 3). */
export function AttachmentsField({
  value = [],
  onChange,
}: {
  value?: ArchiveFile[];
  onChange?(v: ArchiveFile[]): void;
}) {
  const [busy, setBusy] = useState(false);
  const add = async (file: File) => {
    if (value.length >= MAX_FILES) return ui.toast('error', '附件最多10个');
    if (!TYPES.includes(fileExtension(file.name)))
      return ui.toast('error', '附件只能是 pdf、jpg、png、doc(x)、xls(x) 格式');
    if (file.size > MAX_BYTES) return ui.toast('error', '附件大小不能超过 10MB');
    const form = new FormData();
    form.append('file', file);
    form.append('tp', '3');
    setBusy(true);
    try {
      const res = await request<{ listFileNameUrl: string[] }>('/Img/PostFiles', form);
      const url = res.listFileNameUrl[0];
      if (url) onChange?.([...value, { FileName: file.name, FilePath: url, Size: file.size }]);
    } catch {
      // Toasted by the request client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <Upload
        multiple
        showUploadList={false}
        accept={TYPES.map((t) => `.${t}`).join(',')}
        beforeUpload={(f) => {
          void add(f);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} disabled={value.length >= MAX_FILES}>
          上传附件
        </Button>
      </Upload>
      {value.length > 0 && (
        <ul className="attachment-list">
          {value.map((f, i) => (
            <li key={f.FilePath}>
              <a href={f.FilePath} target="_blank" rel="noreferrer">
                <PaperClipOutlined /> {f.FileName}
              </a>
              <Button type="link" danger size="small" onClick={() => onChange?.(value.filter((_, j) => j !== i))}>
                移除
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
