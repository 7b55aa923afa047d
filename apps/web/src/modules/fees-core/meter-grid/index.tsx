import { Button, Card, Checkbox, DatePicker, InputNumber, Modal, Select, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../app/request';
import { ui } from '../../../app/ui-bridge';
import { Auth } from '../../../components/auth';
import { invalidateAfterWrite } from '../../../components/crud';
import { useCommunityOptions } from '../../../components/pickers';
import { decAdd, decCmp, decMul, decSub, decText, tryDec } from '@linli/shared';
import { feeApi, type GridRow, OPTIONS } from '../api';

interface Entry {
  CurrReading?: number | null;
  IsReplace?: boolean;
  IsRollover?: boolean;
  OldEndReading?: number | null;
  NewStartReading?: number | null;
}

const given = (v: number | null | undefined): v is number => v !== null && v !== undefined && !!tryDec(String(v));

/** The server's usage: (本期 − 上期) × 倍率; after 换表 (旧表止码 − 上期) + (本期 − 新表起码). */
const usageOf = (g: GridRow, e: Entry) => {
  if (!given(e.CurrReading)) return null;
  if (e.IsReplace) {
    if (!given(e.OldEndReading) || !given(e.NewStartReading)) return null;
    const raw = decAdd(
      decSub(String(e.OldEndReading), g.PrevReading),
      decSub(String(e.CurrReading), String(e.NewStartReading)),
    );
    return decText(decMul(raw, g.Multiplier), 2);
  }
  return decText(decMul(decSub(String(e.CurrReading), g.PrevReading), g.Multiplier), 2);
};

/**
 * addMeterReading: every active meter of a community, type and 账期 with its previous reading; one save. A reading
 * below the last is red unless 换表/翻表 is ticked; a usage over 3× the average is orange and asks to confirm.
 */
export default function MeterGridPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const communities = useCommunityOptions();
  const [communityId, setCommunityId] = useState<number>();
  const [meterType, setMeterType] = useState(1);
  const [period, setPeriod] = useState<Dayjs>(dayjs());
  const [entries, setEntries] = useState<Record<number, Entry>>({});
  const [saving, setSaving] = useState(false);
  const cid = communityId ?? communities.data?.[0]?.Id;
  const p = period.format('YYYY-MM');
  const grid = useQuery({
    queryKey: ['meter-readings', 'grid', cid, meterType, p],
    queryFn: () => feeApi.grid({ CommunityId: cid, MeterType: meterType, Period: p }),
    enabled: !!cid,
  });
  const set = (id: number, e: Entry) => setEntries((s) => ({ ...s, [id]: { ...s[id], ...e } }));

  const save = async (confirm = false): Promise<void> => {
    const rows = (grid.data ?? [])
      .filter(
        (g) =>
          !g.ReadingId && entries[g.MeterId]?.CurrReading !== undefined && entries[g.MeterId]?.CurrReading !== null,
      )
      .map((g) => ({
        MeterId: g.MeterId,
        CurrReading: entries[g.MeterId]!.CurrReading,
        IsRollover: !!entries[g.MeterId]!.IsRollover,
        ...(entries[g.MeterId]!.IsReplace
          ? {
              IsReplace: true,
              OldEndReading: entries[g.MeterId]!.OldEndReading,
              NewStartReading: entries[g.MeterId]!.NewStartReading,
            }
          : {}),
        ReadDate: dayjs().format('YYYY-MM-DD'),
      }));
    if (!rows.length) return void ui.toast('warning', '请录入读数');
    setSaving(true);
    try {
      const r = await feeApi.saveReadings({
        CommunityId: cid,
        MeterType: meterType,
        Period: p,
        ConfirmAbnormal: confirm,
        Rows: rows,
      });
      ui.toast('success', `已保存${r.Saved}条${r.Abnormal ? `，其中异常${r.Abnormal}条` : ''}`);
      setEntries({});
      await invalidateAfterWrite(client, 'meter-readings');
    } catch (e) {
      if (e instanceof ApiError && e.ret === 409) {
        Modal.confirm({ title: e.message, content: '异常读数将标记为“异常”，确定保存吗？', onOk: () => save(true) });
      } else if (e instanceof ApiError) ui.toast('error', e.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title="抄表录入"
      extra={
        <Space>
          <Button onClick={() => navigate('/chargemanage/meterReading')}>返回</Button>
          <Auth btn="add">
            <Button type="primary" loading={saving} onClick={() => save()}>
              保存
            </Button>
          </Auth>
        </Space>
      }
    >
      <Space style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 160 }}
          value={cid}
          onChange={setCommunityId}
          options={(communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name }))}
        />
        <Select style={{ width: 110 }} value={meterType} onChange={setMeterType} options={OPTIONS.meterType} />
        <DatePicker picker="month" value={period} onChange={(d) => d && setPeriod(d)} allowClear={false} />
      </Space>
      <Table<GridRow>
        rowKey="MeterId"
        size="small"
        loading={grid.isLoading}
        dataSource={grid.data ?? []}
        pagination={{ pageSize: 50 }}
        columns={[
          { title: '房号', dataIndex: 'RoomName', width: 160 },
          { title: '表号', dataIndex: 'MeterNo', width: 110 },
          { title: '倍率', dataIndex: 'Multiplier', width: 70 },
          { title: '上期读数', dataIndex: 'PrevReading', width: 110 },
          { title: '近3期均量', dataIndex: 'AvgUsage', width: 100 },
          {
            title: '本期读数',
            key: 'curr',
            width: 160,
            render: (_v, g) => {
              if (g.ReadingId) return <Tag>已抄 {g.CurrReading}</Tag>;
              const e = entries[g.MeterId] ?? {};
              const low =
                e.CurrReading !== undefined &&
                e.CurrReading !== null &&
                !e.IsRollover &&
                !e.IsReplace &&
                decCmp(String(e.CurrReading), g.PrevReading) < 0;
              return (
                <InputNumber
                  aria-label={`本期读数 ${g.MeterNo}`}
                  status={low ? 'error' : undefined}
                  min={0}
                  precision={2}
                  value={e.CurrReading ?? null}
                  onChange={(x) => set(g.MeterId, { CurrReading: x })}
                  style={{ width: 140 }}
                />
              );
            },
          },
          {
            title: '用量',
            key: 'usage',
            width: 170,
            render: (_v, g) => {
              const e = entries[g.MeterId] ?? {};
              const u = usageOf(g, e);
              if (u === null) return '';
              if (decCmp(u, 0) < 0 && !e.IsRollover && !e.IsReplace)
                return <span style={{ color: '#cf1322' }}>本期读数不能小于上期读数</span>;
              const high = g.AvgUsage && decCmp(g.AvgUsage, 0) > 0 && decCmp(u, decMul(g.AvgUsage, 3)) > 0;
              return high ? <span style={{ color: '#fa8c16' }}>{u}（异常）</span> : u;
            },
          },
          {
            title: '换表（旧表止码 / 新表起码）',
            key: 'replace',
            width: 320,
            render: (_v, g) => {
              if (g.ReadingId) return '';
              const e = entries[g.MeterId] ?? {};
              return (
                <Space size={4}>
                  <Checkbox
                    aria-label={`换表 ${g.MeterNo}`}
                    checked={!!e.IsReplace}
                    onChange={(ev) => set(g.MeterId, { IsReplace: ev.target.checked })}
                  />
                  {e.IsReplace && (
                    <>
                      <InputNumber
                        aria-label={`旧表止码 ${g.MeterNo}`}
                        placeholder="旧表止码"
                        min={0}
                        precision={2}
                        status={given(e.OldEndReading) ? undefined : 'error'}
                        value={e.OldEndReading ?? null}
                        onChange={(x) => set(g.MeterId, { OldEndReading: x })}
                        style={{ width: 120 }}
                      />
                      <InputNumber
                        aria-label={`新表起码 ${g.MeterNo}`}
                        placeholder="新表起码"
                        min={0}
                        precision={2}
                        status={given(e.NewStartReading) ? undefined : 'error'}
                        value={e.NewStartReading ?? null}
                        onChange={(x) => set(g.MeterId, { NewStartReading: x })}
                        style={{ width: 120 }}
                      />
                    </>
                  )}
                </Space>
              );
            },
          },
          {
            title: '翻表',
            key: 'roll',
            width: 70,
            render: (_v, g) =>
              g.ReadingId ? (
                ''
              ) : (
                <Checkbox
                  checked={!!entries[g.MeterId]?.IsRollover}
                  onChange={(ev) => set(g.MeterId, { IsRollover: ev.target.checked })}
                />
              ),
          },
        ]}
      />
    </Card>
  );
}
