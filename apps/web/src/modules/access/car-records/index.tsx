import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Col, Descriptions, Image, Input, Modal, Row, Select, Space, Statistic, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { invalidateAfterWrite } from '../../../app/query-deps';
import { ui } from '../../../app/ui-bridge';
import { type CrudColumn, ListPage, ReasonDialog, RowActions } from '../../../components/crud';
import { useCommunityOptions } from '../../../components/pickers';
import {
  CAR_RECORDS,
  type CarRecordRow,
  carFixPlate,
  carManualOut,
  carRecordGet,
  carRecordList,
  carSummary,
  lotOptions,
} from '../api';
import { carStateOptions, payMethodOptions, vehicleTypeOptions } from '../labels';

const STATE_COLOR: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'red' };
const photo = (p: string, alt: string) => (p ? <Image src={`/uploads/${p}`} width={36} height={36} alt={alt} /> : null);

const columns: CrudColumn<CarRecordRow>[] = [
  {
    title: '车牌',
    dataIndex: 'Plate',
    width: 110,
    fixed: 'left',
    hideable: false,
    render: (p: string, r) => (r.OrigPlate ? <span title={`原车牌 ${r.OrigPlate}`}>{p}*</span> : p),
  },
  { title: '类型', dataIndex: 'VehicleTypeName', width: 70 },
  { title: '车场', dataIndex: 'LotName', width: 90 },
  {
    title: '入场',
    dataIndex: 'InTime',
    width: 175,
    render: (t: string, r) =>
      t ? (
        <Space>
          {photo(r.InPhoto, '入场照片')}
          <span>
            {r.InLaneName}
            <br />
            {t}
          </span>
        </Space>
      ) : (
        '—'
      ),
  },
  {
    title: '出场',
    dataIndex: 'OutTime',
    width: 175,
    render: (t: string, r) =>
      t ? (
        <Space>
          {photo(r.OutPhoto, '出场照片')}
          <span>
            {r.OutLaneName}
            <br />
            {t}
          </span>
        </Space>
      ) : (
        '—'
      ),
  },
  { title: '时长', dataIndex: 'DurationText', width: 90 },
  { title: '应收', dataIndex: 'FeeMoney', width: 80, money: true },
  { title: '实收', dataIndex: 'PaidMoney', width: 80, money: true },
  { title: '支付方式', dataIndex: 'PayMethodName', width: 80 },
  {
    title: '状态',
    dataIndex: 'State',
    width: 80,
    render: (s: number, r) => <Tag color={STATE_COLOR[s]}>{r.StateName}</Tag>,
  },
  {
    title: '备注',
    dataIndex: 'AbnormalReason',
    width: 140,
    ellipsis: true,
    defaultHidden: true,
    render: (a: string, r) => a || r.Remark,
  },
];

function SummaryCards({ communityId, lotId }: { communityId?: unknown; lotId?: unknown }) {
  const s = useQuery({
    queryKey: [CAR_RECORDS, 'summary', communityId, lotId],
    queryFn: () => carSummary({ CommunityId: communityId, LotId: lotId }),
  });
  const items = [
    { title: '今日入场', value: s.data?.TodayIn ?? 0 },
    { title: '今日出场', value: s.data?.TodayOut ?? 0 },
    { title: '当前在场', value: s.data?.InLot ?? 0 },
    { title: '今日临停收入', value: s.data?.TodayTempMoney ?? '0.00', suffix: '元' },
  ];
  return (
    <Row gutter={12} style={{ marginBottom: 12 }}>
      {items.map((i) => (
        <Col span={6} key={i.title}>
          <Card size="small" loading={s.isLoading}>
            <Statistic title={i.title} value={i.value} suffix={i.suffix} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** 车行记录 (txgl_cxjl): today's figures, the last 30 days by default, 手动出场, 修正车牌, photos. */
export default function CarRecordListPage() {
  const [params] = useSearchParams();
  const client = useQueryClient();
  const communities = useCommunityOptions();
  const lots = useQuery({ queryKey: [CAR_RECORDS, 'lots'], queryFn: () => lotOptions() });
  const [view, setView] = useState<CarRecordRow | null>(null);
  const [out, setOut] = useState<CarRecordRow | null>(null);
  const [fix, setFix] = useState<CarRecordRow | null>(null);
  const [paid, setPaid] = useState<{ PaidMoney: string; PayMethod: number }>({ PaidMoney: '', PayMethod: 1 });
  const [filters, setFilters] = useState<{ CommunityId?: unknown; LotId?: unknown }>({});
  const openOut = async (r: CarRecordRow) => {
    const full = await carRecordGet(r.Id);
    setPaid({ PaidMoney: full.CurrentFeeMoney ?? '0.00', PayMethod: 1 });
    setOut(full);
  };
  const done = async (msg: string) => {
    ui.toast('success', msg);
    await invalidateAfterWrite(client, CAR_RECORDS);
  };
  return (
    <>
      <SummaryCards communityId={filters.CommunityId} lotId={filters.LotId} />
      <ListPage<CarRecordRow>
        resource={CAR_RECORDS}
        fetch={(p) => {
          setTimeout(() =>
            setFilters((f) =>
              f.CommunityId === p.CommunityId && f.LotId === p.LotId
                ? f
                : { CommunityId: p.CommunityId, LotId: p.LotId },
            ),
          );
          return carRecordList(p);
        }}
        columns={columns}
        heightExtra={100}
        initialFilters={{ Plate: params.get('plate') ?? undefined, Date: [dayjs().subtract(29, 'day'), dayjs()] }}
        searchFields={[
          {
            name: 'CommunityId',
            label: '小区',
            type: 'select',
            options: (communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name })),
            width: 140,
          },
          {
            name: 'LotId',
            label: '车场',
            type: 'select',
            options: (lots.data ?? []).map((l) => ({ value: l.Id, label: l.Name })),
            width: 130,
          },
          { name: 'Plate', label: '车牌', width: 120 },
          { name: 'Date', label: '时间', type: 'dateRange', rangeNames: ['DateFrom', 'DateTo'], width: 240 },
          { name: 'VehicleType', label: '类型', type: 'select', options: vehicleTypeOptions, width: 100 },
          { name: 'State', label: '状态', type: 'select', options: carStateOptions, width: 100 },
          { name: 'FeeOnly', label: '仅收费', type: 'checkbox', text: '仅收费' },
        ]}
        exportCall="/CarRecord/Export"
        exportName="车行记录"
        actionsWidth={190}
        rowActions={(row) => (
          <RowActions
            row={row}
            actions={[
              { label: '查看', btn: 'view', onClick: (r) => setView(r) },
              {
                label: '手动出场',
                btn: 'edit',
                hidden: (r) => r.State !== 1,
                onClick: (r) => void openOut(r).catch(() => undefined),
              },
              { label: '修正车牌', btn: 'edit', onClick: (r) => setFix(r) },
            ]}
          />
        )}
      />
      <Modal
        open={!!view}
        title={`车行记录 ${view?.Plate ?? ''}`}
        footer={null}
        onCancel={() => setView(null)}
        width={640}
      >
        {view && (
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="入场">
              {view.InLaneName} {view.InTime}
            </Descriptions.Item>
            <Descriptions.Item label="出场">
              {view.OutLaneName} {view.OutTime}
            </Descriptions.Item>
            <Descriptions.Item label="入场照片">{photo(view.InPhoto, '入场照片') ?? '无'}</Descriptions.Item>
            <Descriptions.Item label="出场照片">{photo(view.OutPhoto, '出场照片') ?? '无'}</Descriptions.Item>
            <Descriptions.Item label="应收">{view.FeeMoney}</Descriptions.Item>
            <Descriptions.Item label="实收">{view.PaidMoney}</Descriptions.Item>
            <Descriptions.Item label="原车牌">{view.OrigPlate || '—'}</Descriptions.Item>
            <Descriptions.Item label="备注">{view.AbnormalReason || view.Remark || '—'}</Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
      <ReasonDialog
        open={!!out}
        title={`手动出场 ${out?.Plate ?? ''}`}
        onSubmit={async (Reason) => {
          await carManualOut({ Id: out!.Id, PaidMoney: paid.PaidMoney, PayMethod: paid.PayMethod, Reason });
          await done('已手动出场');
        }}
        onClose={() => setOut(null)}
      >
        <p>
          入场 {out?.InLaneName} {out?.InTime}，按现在出场应收 <b>{out?.CurrentFeeMoney ?? '0.00'}</b> 元
        </p>
        <Space style={{ marginBottom: 12 }}>
          <span>实收</span>
          <Input
            aria-label="实收"
            style={{ width: 110 }}
            value={paid.PaidMoney}
            onChange={(e) => setPaid({ ...paid, PaidMoney: e.target.value })}
            suffix="元"
          />
          <span>支付方式</span>
          <Select
            aria-label="支付方式"
            style={{ width: 120 }}
            value={paid.PayMethod}
            options={payMethodOptions}
            onChange={(m) => setPaid({ ...paid, PayMethod: m })}
          />
        </Space>
      </ReasonDialog>
      <ReasonDialog
        open={!!fix}
        title={`修正车牌 ${fix?.Plate ?? ''}`}
        extra={{ name: 'Plate', label: '正确车牌', placeholder: '如：粤B12345', maxLength: 10 }}
        onSubmit={async (Reason, v) => {
          await carFixPlate({ Id: fix!.Id, Plate: v.Plate ?? '', Reason });
          await done('修正成功');
        }}
        onClose={() => setFix(null)}
      />
    </>
  );
}
