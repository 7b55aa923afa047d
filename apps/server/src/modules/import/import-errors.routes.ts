import { jsonArray, zOptionalText } from '@linli/shared';
import { z } from 'zod';
import { call } from '../../core/calls';
import { IMPORT_MAX_ROWS, xlsxExport } from '../../core/excel';

const ErrorFileBody = z.object({
  Errors: jsonArray(z.object({ Row: z.coerce.number().int().min(1), Reason: z.string().max(500) }), {
    min: 1,
    minMessage: '没有错误数据',
    max: IMPORT_MAX_ROWS,
  }),
  FileName: zOptionalText(50, '文件名'),
});

/**
 * Every import refuses a bad file with `data.ImportErrors` [{Row, Reason}]; this turns that list into the
 * downloadable 错误报告 (行号, 原因). It only echoes what the caller sends, so it needs no right of its own.
 */
export const importErrorCalls = [
  call({
    path: '/Import/ErrorFile',
    reads: true,
    body: ErrorFileBody,
    handler: async (b) =>
      xlsxExport(
        b.FileName || '导入错误报告',
        [
          { header: '行号', value: (e) => e.Row },
          { header: '原因', width: 60, value: (e) => e.Reason },
        ],
        b.Errors,
      ),
  }),
];
