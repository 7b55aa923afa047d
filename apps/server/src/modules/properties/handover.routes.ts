import { HandoverCompleteBody, HandoverConfigBody, HandoverReasonBody, HandoverSaveBody, zId } from '@linli/shared';
import { z } from 'zod';
import { batchedRows } from '../../core/batched-rows';
import { call, saveBtn } from '../../core/calls';
import { xlsxExport } from '../../core/excel';
import { bookHandover } from './handover-book';
import { availability, configGet, configSave } from './handover-config';
import { completeHandover, moveAppointment } from './handover-flow';
import { HandoverFilter, handoverBatch, handoverGet, handoverList, handoverPrint } from './handover-query';

const ROLE = 'fcgl_jfyy';
const IdBody = z.object({ Id: zId() });
const dateText = z.preprocess(
  (v) => (v == null || v === '' ? undefined : String(v).slice(0, 10)),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确')
    .optional(),
);

/** 交房预约 (fcgl_jfyy): bookings, the calendar, 时段设置 and each step of the handover. */
export const handoverCalls = [
  call({
    path: '/Handover/List',
    role: ROLE,
    reads: true,
    body: HandoverFilter,
    handler: (b, { deps, auth }) => handoverList(deps, auth, b),
  }),
  call({
    path: '/Handover/Get',
    role: ROLE,
    reads: true,
    body: IdBody,
    handler: (b, { deps, auth }) => handoverGet(deps, auth, b.Id),
  }),
  call({
    path: '/Handover/Save',
    role: ROLE,
    btn: saveBtn,
    body: HandoverSaveBody,
    okMsg: '预约成功',
    handler: (b, { deps, auth, ip }) => bookHandover(deps, auth, b, 2, ip),
  }),
  // The owner app's booking (same rules, starts 待确认 and tells the staff). Until the app has its own sign-in it is
  // reachable with a staff session that may book.
  call({
    path: '/Handover/AppBook',
    role: ROLE,
    btn: 'add',
    body: HandoverSaveBody,
    okMsg: '预约成功',
    handler: (b, { deps, auth, ip }) => bookHandover(deps, auth, { ...b, Id: 0 }, 1, ip),
  }),
  call({
    path: '/Handover/Export',
    role: ROLE,
    btn: 'export',
    body: HandoverFilter,
    handler: async (b, { deps, auth }) =>
      xlsxExport(
        '交房预约',
        [
          { header: '预约号', value: (r) => r.ApptNo },
          { header: '小区', value: (r) => r.CommunityName },
          { header: '房间', value: (r) => r.RoomName },
          { header: '业主', value: (r) => r.OwnerName },
          { header: '手机', value: (r) => r.ContactMobile },
          { header: '日期', value: (r) => r.ApptDate },
          { header: '时段', value: (r) => r.Slot },
          { header: '来源', value: (r) => r.SourceName },
          { header: '状态', value: (r) => r.StatusName },
          { header: '接待人', value: (r) => r.ReceptionName },
        ],
        batchedRows(handoverBatch(deps, auth, b)),
      ),
  }),
  call({
    path: '/Handover/Confirm',
    role: ROLE,
    btn: 'confirm',
    body: IdBody,
    okMsg: '已确认',
    handler: (b, { deps, auth, ip }) => moveAppointment(deps, auth, b.Id, 'confirm', '', ip),
  }),
  call({
    path: '/Handover/Reject',
    role: ROLE,
    btn: 'confirm',
    body: HandoverReasonBody,
    okMsg: '已拒绝',
    handler: (b, { deps, auth, ip }) => moveAppointment(deps, auth, b.Id, 'reject', b.Reason, ip),
  }),
  call({
    path: '/Handover/Cancel',
    role: ROLE,
    btn: 'cancel',
    body: HandoverReasonBody,
    okMsg: '已取消',
    handler: (b, { deps, auth, ip }) => moveAppointment(deps, auth, b.Id, 'cancel', b.Reason, ip),
  }),
  call({
    path: '/Handover/CheckIn',
    role: ROLE,
    btn: 'checkin',
    body: IdBody,
    okMsg: '签到成功',
    handler: (b, { deps, auth, ip }) => moveAppointment(deps, auth, b.Id, 'checkin', '', ip),
  }),
  call({
    path: '/Handover/StartInspect',
    role: ROLE,
    btn: 'handover',
    body: IdBody,
    okMsg: '开始验房',
    handler: (b, { deps, auth, ip }) => moveAppointment(deps, auth, b.Id, 'inspect', '', ip),
  }),
  call({
    path: '/Handover/Complete',
    role: ROLE,
    btn: 'handover',
    body: HandoverCompleteBody,
    okMsg: '办理成功',
    handler: (b, { deps, auth, ip }) => completeHandover(deps, auth, b, ip),
  }),
  call({
    path: '/Handover/Print',
    role: ROLE,
    btn: 'print',
    body: IdBody,
    handler: (b, { deps, auth }) => handoverPrint(deps, auth, b.Id),
  }),
  call({
    path: '/Handover/Availability',
    role: ROLE,
    reads: true,
    body: z.object({ CommunityId: zId('请选择小区'), DateFrom: dateText, DateTo: dateText }),
    handler: (b, { deps, auth }) => availability(deps, auth, b),
  }),
  call({
    path: '/Handover/ConfigGet',
    role: ROLE,
    reads: true,
    body: z.object({ CommunityId: zId('请选择小区') }),
    handler: (b, { deps, auth }) => configGet(deps, auth, b.CommunityId),
  }),
  call({
    path: '/Handover/ConfigSave',
    role: ROLE,
    btn: 'slot',
    body: HandoverConfigBody,
    okMsg: '保存成功',
    handler: (b, { deps, auth, ip }) => configSave(deps, auth, b, ip),
  }),
];
