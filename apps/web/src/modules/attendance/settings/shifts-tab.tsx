import { PlusOutlined } from '@ant-design/icons';
import { ShiftSaveBody } from '@linli/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { Auth } from '../../../components/auth';
import { type CrudColumn, DeleteButton, EditDrawer, type FormField, ListPage, zodRule } from '../../../components/crud';
import { ATTENDANCE, type ShiftRow, shiftDel, shiftList, shiftSave } from '../shared/api';

const columns: CrudColumn<ShiftRow>[] = [
  { title: '名称', dataIndex: 'Name', width: 140, hideable: false },
  {
    title: '上下班时间',
    dataIndex: 'WorkStart',
    width: 150,
    render: (_v, r) => `${r.WorkStart} - ${r.CrossDay ? '次日' : ''}${r.WorkEnd}`,
  },
  {
    title: '休息时段',
    dataIndex: 'RestStart',
    width: 130,
    render: (_v, r) => (r.RestStart ? `${r.RestStart} - ${r.RestEnd}` : '无'),
  },
  { title: '上班最早打卡', dataIndex: 'OnBefore', width: 120, render: (v) => `提前${v}分钟` },
  { title: '下班最晚打卡', dataIndex: 'OffAfter', width: 120, render: (v) => `延后${v}分钟` },
  { title: '迟到宽限', dataIndex: 'LateGrace', width: 90, render: (v) => `${v}分钟` },
  { title: '早退宽限', dataIndex: 'EarlyGrace', width: 90, render: (v) => `${v}分钟` },
  { title: '迟到超过按缺卡', dataIndex: 'MissAfter', width: 130, render: (v) => `${v}分钟` },
  { title: '使用考勤组', dataIndex: 'GroupCount', width: 100, align: 'right' },
];

const rule = (name: keyof ShiftSaveBody) => [zodRule(ShiftSaveBody, name)];
const minutes = (name: keyof ShiftSaveBody, label: string, span = 8): FormField<ShiftSaveBody> => ({
  name,
  label,
  type: 'number',
  span,
  props: { min: 0, max: 720, addonAfter: '分钟', style: { width: '100%' } },
  rules: rule(name),
});
const hm = (name: keyof ShiftSaveBody, label: string, required = false): FormField<ShiftSaveBody> => ({
  name,
  label,
  span: 12,
  required,
  placeholder: 'HH:mm，如 09:00',
  rules: rule(name),
});

const fields: FormField<ShiftSaveBody>[] = [
  { name: 'Name', label: '名称', required: true, maxLength: 20, rules: rule('Name') },
  hm('WorkStart', '上班时间', true),
  { ...hm('WorkEnd', '下班时间', true), extra: '早于上班时间即为跨天（次日下班）' },
  hm('RestStart', '休息开始'),
  hm('RestEnd', '休息结束'),
  minutes('OnBefore', '上班最早打卡'),
  minutes('OffAfter', '下班最晚打卡'),
  minutes('MissAfter', '迟到超过按缺卡'),
  minutes('LateGrace', '迟到宽限', 12),
  minutes('EarlyGrace', '早退宽限', 12),
];

const blank: Partial<ShiftSaveBody> = {
  Id: 0,
  OnBefore: 120,
  OffAfter: 240,
  LateGrace: 5,
  EarlyGrace: 0,
  MissAfter: 120,
};

export function ShiftsTab() {
  const [editing, setEditing] = useState<Partial<ShiftSaveBody> | null>(null);
  return (
    <>
      <ListPage<ShiftRow>
        resource={ATTENDANCE}
        listName="shifts"
        fetch={shiftList}
        columns={columns}
        heightExtra={56}
        toolbar={() => (
          <Auth btn="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(blank)}>
              新增班次
            </Button>
          </Auth>
        )}
        rowActions={(row) => (
          <>
            <Auth btn="edit">
              <Button
                type="link"
                size="small"
                onClick={() =>
                  setEditing({ ...row, RestStart: row.RestStart || undefined, RestEnd: row.RestEnd || undefined })
                }
              >
                编辑
              </Button>
            </Auth>
            <DeleteButton
              title={`确定删除班次「${row.Name}」吗？`}
              resource={ATTENDANCE}
              onDelete={() => shiftDel(row.Id)}
            />
          </>
        )}
      />
      <EditDrawer<ShiftSaveBody>
        open={!!editing}
        title={editing?.Id ? `编辑班次 ${editing.Name}` : '新增班次'}
        fields={fields}
        editing={!!editing?.Id}
        initialValues={editing ?? {}}
        resource={ATTENDANCE}
        width={560}
        onSubmit={(v) => shiftSave({ ...v, Id: editing?.Id ?? 0 })}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
