import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUiBridge } from '../../../app/ui-bridge';
import { stubAntdDom } from '../../../test/render';
import { type FaceBatchStatus, faceBatchCommit, faceBatchPreview, faceBatchStatus } from './api';
import { BatchUploadDialog } from './batch-upload-dialog';

const PREVIEW_ERRORS = ['第2张：13900000000.jpg 未匹配到住户', '第3张：a.jpg 人脸照片分辨率不能低于300×300'];

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
  faceBatchCommit: vi.fn(async () => ({ ImportId: 7, Status: 2, StatusName: '导入中' })),
  faceBatchStatus: vi.fn(),
}));

const running = (Progress: number): FaceBatchStatus => ({
  Status: 2,
  StatusName: '导入中',
  Progress,
  Summary: {},
  Errors: [],
});
const done = (ok: number, errors: string[]): FaceBatchStatus => ({
  Status: 3,
  StatusName: '完成',
  Progress: 100,
  Summary: { Total: 3, Ok: ok, Error: errors.length },
  Errors: errors,
});

const toasts: string[] = [];
beforeAll(stubAntdDom);
beforeEach(() => {
  toasts.length = 0;
  setUiBridge({ toast: (type, text) => void toasts.push(`${type}:${text}`) });
  vi.mocked(faceBatchStatus).mockReset();
});

/** Opens the dialog, previews a zip and clicks 确认导入. */
async function commitOne() {
  const onDone = vi.fn();
  const onClose = vi.fn();
  render(<BatchUploadDialog open onClose={onClose} onDone={onDone} />);
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  const zip = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'faces.zip', { type: 'application/zip' });
  fireEvent.change(input, { target: { files: [zip] } });
  fireEvent.click(await screen.findByRole('button', { name: /上传并预览/ }));
  expect(await screen.findByText('张三')).toBeTruthy();
  for (const e of PREVIEW_ERRORS) expect(screen.getByText(e)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: /确认导入1张匹配的照片/ }));
  return { onDone, onClose };
}

describe('批量上传人脸', () => {
  it('uploads a zip, shows the matches and the 第N张 errors, commits and closes once the job is 完成', async () => {
    vi.mocked(faceBatchStatus).mockResolvedValueOnce(done(1, PREVIEW_ERRORS));
    const { onDone, onClose } = await commitOne();
    expect(vi.mocked(faceBatchPreview).mock.calls[0]![0].name).toBe('faces.zip');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(vi.mocked(faceBatchCommit)).toHaveBeenCalledWith(7);
    expect(vi.mocked(faceBatchStatus)).toHaveBeenCalledWith(7);
    expect(onDone).toHaveBeenCalled();
    expect(toasts).toEqual(['success:导入成功，共1张']);
  });

  it('shows the progress while the server works, then the photos it could not decode', async () => {
    const late = '第1张：13800138000.jpg 人脸照片无法识别，请重新上传';
    vi.mocked(faceBatchStatus)
      .mockResolvedValueOnce(running(40))
      .mockResolvedValueOnce(done(0, [late, ...PREVIEW_ERRORS]));
    const { onDone, onClose } = await commitOne();
    expect(await screen.findByText(/正在处理 40%/)).toBeTruthy();
    expect(await screen.findByText(late, undefined, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('1张照片处理时无法使用，未导入')).toBeTruthy();
    expect(onDone).toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(toasts).toEqual(['success:导入成功，共0张']);
    fireEvent.click(screen.getByRole('button', { name: /完\s*成/ }));
    expect(onClose).toHaveBeenCalled();
  });

  it('may be closed while the job runs: it continues in the background', async () => {
    vi.mocked(faceBatchStatus).mockResolvedValue(running(10));
    const { onClose } = await commitOne();
    expect(await screen.findByText(/正在处理 10%/)).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-modal-close') as HTMLElement);
    expect(onClose).toHaveBeenCalled();
    expect(toasts).toEqual(['info:照片将在后台继续导入，完成后会提示']);
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
