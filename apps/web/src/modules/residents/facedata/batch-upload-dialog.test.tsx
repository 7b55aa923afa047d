import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubAntdDom } from '../../../test/render';
import { faceBatchCommit, faceBatchPreview } from './api';
import { BatchUploadDialog } from './batch-upload-dialog';

vi.mock('./api', () => ({
  faceBatchPreview: vi.fn(async (_file: File, onProgress: (p: number) => void) => {
    onProgress(100);
    return {
      ImportId: 7,
      Summary: { Total: 3, Ok: 1, Error: 2 },
      Matches: [
        { Row: 1, FileName: '13800138000.jpg', ResidentId: 5, Name: '张三', RoomText: '阳光花园 1栋-1单元-101' },
      ],
      Errors: ['第2张：13900000000.jpg 未匹配到住户', '第3张：a.jpg 人脸照片分辨率不能低于300×300'],
    };
  }),
  faceBatchCommit: vi.fn(async () => ({ Ok: 1, Error: 2 })),
}));

beforeAll(stubAntdDom);

describe('批量上传人脸', () => {
  it('uploads a zip, shows the matches and the 第N张 errors, and commits the batch', async () => {
    const onDone = vi.fn();
    const onClose = vi.fn();
    render(<BatchUploadDialog open onClose={onClose} onDone={onDone} />);
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const zip = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'faces.zip', { type: 'application/zip' });
    fireEvent.change(input, { target: { files: [zip] } });
    fireEvent.click(await screen.findByRole('button', { name: /上传并预览/ }));
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(screen.getByText('第2张：13900000000.jpg 未匹配到住户')).toBeTruthy();
    expect(screen.getByText('第3张：a.jpg 人脸照片分辨率不能低于300×300')).toBeTruthy();
    expect(vi.mocked(faceBatchPreview).mock.calls[0]![0].name).toBe('faces.zip');
    fireEvent.click(screen.getByRole('button', { name: /确认导入1张匹配的照片/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(vi.mocked(faceBatchCommit)).toHaveBeenCalledWith(7);
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses a file that is not a zip before uploading it', async () => {
    render(<BatchUploadDialog open onClose={() => undefined} onDone={() => undefined} />);
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'faces.rar')] } });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('faces.rar')).toBeNull();
    expect((screen.getByRole('button', { name: /上传并预览/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
