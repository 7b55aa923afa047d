import { zDate, zId } from '@linli/shared';
import { z } from 'zod';
import { call } from '../../core/calls';
import { dptUsers, groupByShift } from './staff-lookup.service';

export const attendanceLookupCalls = [
  // A check-box staff picker (attendance groups, notices, tasks): open to every signed-in user.
  call({
    path: '/Attendance/GetDptUser',
    reads: true,
    body: z.object({ Keyword: z.preprocess((v) => (v == null ? '' : String(v).trim()), z.string().max(50)) }),
    handler: (b, { deps, auth }) => dptUsers(deps, auth, b.Keyword),
  }),
  call({
    path: '/Attendance/GetEmployesGroupByShift',
    role: 'kqgl_kqsz',
    reads: true,
    body: z.object({ GroupId: zId().optional(), Day: zDate() }),
    handler: (b, { deps, auth }) => groupByShift(deps, auth, b.GroupId || undefined, b.Day),
  }),
];
