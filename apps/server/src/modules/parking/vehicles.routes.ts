import {
  VehicleRenewBody,
  type VehicleRow,
  VehicleSaveBody,
  VehicleSetStatusBody,
  VEHICLE_STATUS,
  codeName,
  zId,
} from '@linli/shared';
import { and, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../../core/audit';
import { batchedRows } from '../../core/batched-rows';
import { call, saveBtn } from '../../core/calls';
import { notFound } from '../../core/errors';
import { xlsxExport } from '../../core/excel';
import { todayIn } from '../../core/dates';
import { listWithCount } from '../../core/list-count';
import { seesFullNumbers } from '../../core/masks';
import { pagingFields } from '../../core/paging';
import { sortFields, sortOf } from '../../core/sorting';
import { vehicles } from '../../db/schema';
import { vehicleExportColumns, vehicleImportCalls } from './vehicle-import';
import { renewVehicles } from './vehicle-renew';
import { deleteVehicle, saveVehicle } from './vehicle-save';
import { vehicleFilter, vehicleInScope, vehicleSelect, vehicleSort, vehicleView, vehicleWhere } from './vehicles-query';

const ROLE = 'cwcl_clgl';
const Filters = z.object({ ...pagingFields, ...sortFields, ...vehicleFilter });
const IdBody = z.object({ Id: zId() });
type Row = z.input<typeof VehicleRow>;

/** 车辆管理 (cwcl_clgl): vehicles, 续期/批量续期, 停用/拉黑, import and export. */
export const vehicleCalls = [
  call({
    path: '/Vehicle/List',
    role: ROLE,
    reads: true,
    body: Filters,
    handler: (f, { deps, auth }) => {
      const { db } = deps.database;
      const today = todayIn(deps.now(), auth.timeZone);
      const where = vehicleWhere(auth, f, today);
      return listWithCount(db, f, {
        table: vehicles,
        where,
        rows: async (p) =>
          (
            await vehicleSelect(db)
              .where(where)
              .orderBy(...sortOf(f, vehicleSort, [vehicles.id]))
              .limit(p.limit)
              .offset(p.offset)
          ).map((r): Row => vehicleView(r, today)),
      });
    },
  }),
  call({
    path: '/Vehicle/Get',
    role: ROLE,
    reads: true,
    body: IdBody,
    handler: async (b, { deps, auth }) => {
      const { db } = deps.database;
      const today = todayIn(deps.now(), auth.timeZone);
      const [r] = await vehicleSelect(db).where(and(eq(vehicles.id, b.Id), vehicleWhere(auth, {}, today)));
      if (!r) throw notFound();
      return vehicleView(r, today, seesFullNumbers(auth, ROLE));
    },
  }),
  call({
    path: '/Vehicle/Save',
    role: ROLE,
    btn: saveBtn,
    body: VehicleSaveBody,
    okMsg: '保存成功',
    handler: async (b, { deps, auth, ip }) =>
      deps.database.db.transaction(async (tx) => ({ Id: await saveVehicle(tx, auth, b, deps.now(), ip) })),
  }),
  call({
    path: '/Vehicle/Delete',
    role: ROLE,
    btn: 'del',
    body: IdBody,
    okMsg: '删除成功',
    handler: async (b, { deps, auth, ip }) => {
      await deps.database.db.transaction((tx) => deleteVehicle(tx, auth, b.Id, deps.now(), ip));
      return null;
    },
  }),
  call({
    path: '/Vehicle/SetStatus',
    role: ROLE,
    btn: 'edit',
    body: VehicleSetStatusBody,
    okMsg: '操作成功',
    handler: async (b, { deps, auth, ip }) =>
      deps.database.db.transaction(async (tx) => {
        const v = await vehicleInScope(tx, auth, b.Id);
        if (!v) throw notFound();
        const now = deps.now();
        await tx
          .update(vehicles)
          .set({ status: b.Status, statusReason: b.Status === 1 ? '' : (b.Reason ?? ''), updatedAt: now })
          .where(and(eq(vehicles.id, v.id), eq(vehicles.cmpId, auth.cmpId)));
        await audit(
          tx,
          {
            cmpId: auth.cmpId,
            userId: auth.userId,
            action: 'vehicle.status',
            entity: 'vehicle',
            entityId: v.id,
            detail: {
              Plate: v.plate,
              From: codeName(VEHICLE_STATUS, v.status),
              To: codeName(VEHICLE_STATUS, b.Status),
              Reason: b.Reason ?? '',
            },
            ip,
          },
          now,
        );
        return null;
      }),
  }),
  call({
    path: '/Vehicle/Renew',
    role: ROLE,
    btn: 'renew',
    body: VehicleRenewBody,
    okMsg: '续期成功',
    handler: (b, { deps, auth, ip }) =>
      deps.database.db.transaction((tx) => renewVehicles(tx, auth, b, deps.now(), ip)),
  }),
  call({
    path: '/Vehicle/Export',
    role: ROLE,
    btn: 'export',
    body: Filters,
    handler: async (f, { deps, auth }) => {
      const { db } = deps.database;
      const today = todayIn(deps.now(), auth.timeZone);
      const where = vehicleWhere(auth, f, today);
      const batch = async (after: number, size: number) =>
        (
          await vehicleSelect(db)
            .where(and(where, gt(vehicles.id, after)))
            .orderBy(vehicles.id)
            .limit(size)
        ).map((r) => ({ ...vehicleView(r, today, seesFullNumbers(auth, ROLE)), id: r.Id }));
      return xlsxExport('车辆列表', vehicleExportColumns, batchedRows(batch));
    },
  }),
  ...vehicleImportCalls,
];
