import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Select, Space, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { ui } from '../../../app/ui-bridge';
import { Auth, useAuth } from '../../../components/auth';
import { ListPage, ReasonDialog } from '../../../components/crud';
import { useCommunityOptions } from '../../../components/pickers';
import { type AppointmentRow, HANDOVER, handoverList, handoverReason, handoverStep } from './api';
import { BookDialog, type BookTarget } from './book-dialog';
import { CalendarTab } from './calendar-tab';
import { appointmentColumns, appointmentSearch } from './columns';
import { HandoverDialog } from './handover-dialog';
import { PrintDialog } from './print-dialog';
import { ACTION_META, type ApptAction, actionsFor } from './reservation-logic';
import { SlotSettings } from './slot-settings';
import { ViewDrawer } from './view-drawer';
import { invalidateAfterWrite } from '../../../app/query-deps';

type Asking = { kind: 'Reject' | 'Cancel'; row: AppointmentRow } | null;

/** 交房预约: 预约列表 | 日历 | 时段设置 for the chosen community, with every step of a handover. */
export default function ReservationPage() {
  const can = useAuth();
  const queryClient = useQueryClient();
  const communities = useCommunityOptions();
  const [communityId, setCommunityId] = useState<number | undefined>();
  const [tab, setTab] = useState('list');
  const [book, setBook] = useState<BookTarget | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [handing, setHanding] = useState<AppointmentRow | null>(null);
  const [printId, setPrintId] = useState<number | null>(null);
  const [viewId, setViewId] = useState<number | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  // The calendar and 时段设置 need a community: the first one the user may see.
  useEffect(() => {
    if (!communityId && communities.data?.length) setCommunityId(communities.data[0]!.Id);
  }, [communities.data, communityId]);

  const step = async (row: AppointmentRow, name: 'Confirm' | 'CheckIn' | 'StartInspect', done: string) => {
    setBusyId(row.Id);
    try {
      await handoverStep(name, row.Id);
      if (done) ui.toast('success', done);
      await invalidateAfterWrite(queryClient, HANDOVER);
      return true;
    } catch {
      return false;
    } finally {
      setBusyId(null);
    }
  };

  const act = async (a: ApptAction, row: AppointmentRow) => {
    if (a === 'confirm') await step(row, 'Confirm', '已确认');
    else if (a === 'checkin') await step(row, 'CheckIn', '签到成功');
    else if (a === 'reject') setAsking({ kind: 'Reject', row });
    else if (a === 'cancel') setAsking({ kind: 'Cancel', row });
    else if (a === 'reschedule') setBook({ kind: 'reschedule', row });
    else if (a === 'recheck') setBook({ kind: 'recheck', row });
    else if (a === 'print') setPrintId(row.Id);
    else if (a === 'view') setViewId(row.Id);
    else if (a === 'handover') {
      // 已签到 → 验房中 first; the form then completes (or sends it to 待整改).
      if (row.Status === 3 && !(await step(row, 'StartInspect', ''))) return;
      setHanding(row);
    }
  };

  const list = (
    <ListPage<AppointmentRow>
      resource={HANDOVER}
      fetch={handoverList}
      columns={appointmentColumns}
      searchFields={appointmentSearch}
      extraParams={communityId ? { CommunityId: communityId } : undefined}
      heightExtra={96}
      exportCall="/Handover/Export"
      exportName="交房预约"
      toolbar={() => (
        <Auth btn="add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setBook({ kind: 'new', communityId })}>
            代客预约
          </Button>
        </Auth>
      )}
      actionsWidth={260}
      rowActions={(row) =>
        actionsFor(row.Status)
          .filter((a) => can(ACTION_META[a].btn))
          .map((a) => (
            <Button
              key={a}
              type="link"
              size="small"
              danger={a === 'reject' || a === 'cancel'}
              loading={busyId === row.Id && (a === 'confirm' || a === 'checkin' || a === 'handover')}
              onClick={() => void act(a, row)}
            >
              {ACTION_META[a].label}
            </Button>
          ))
      }
    />
  );

  return (
    <div>
      <Space wrap style={{ marginBottom: 4 }}>
        <span>小区</span>
        <Select
          aria-label="预约小区"
          style={{ width: 180 }}
          value={communityId}
          onChange={setCommunityId}
          options={(communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name }))}
        />
      </Space>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'list', label: '预约列表', children: list },
          { key: 'calendar', label: '日历', children: <CalendarTab communityId={communityId} /> },
          ...(can('slot')
            ? [{ key: 'slot', label: '时段设置', children: <SlotSettings communityId={communityId} /> }]
            : []),
        ]}
      />
      <BookDialog target={book} onClose={() => setBook(null)} />
      <ReasonDialog
        title={asking?.kind === 'Reject' ? `拒绝预约 ${asking.row.ApptNo}` : `取消预约 ${asking?.row.ApptNo ?? ''}`}
        open={!!asking}
        onClose={() => setAsking(null)}
        onSubmit={async (reason) => {
          await handoverReason(asking!.kind, asking!.row.Id, reason);
          ui.toast('success', asking!.kind === 'Reject' ? '已拒绝' : '已取消');
          await invalidateAfterWrite(queryClient, HANDOVER);
        }}
      />
      <HandoverDialog row={handing} onClose={() => setHanding(null)} />
      <PrintDialog id={printId} onClose={() => setPrintId(null)} />
      <ViewDrawer id={viewId} onClose={() => setViewId(null)} />
    </div>
  );
}
