import { PlusOutlined } from '@ant-design/icons';
import { ATT_HOLIDAY_KINDS, HolidaySaveBody } from '@linli/shared';
import { Button, InputNumber, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Auth } from '../../../components/auth';
import { type CrudColumn, DeleteButton, EditDrawer, type FormField, ListPage, zodRule } from '../../../components/crud';
import { ATTENDANCE, type HolidayRow, holidayDel, holidayList, holidaySave } from '../shared/api';

const columns: CrudColumn<HolidayRow>[] = [
  { title: '日期', dataIndex: 'Day', width: 120, hideable: false },
  { title: '星期', dataIndex: 'Weekday', width: 80 },
  {
    title: '休/班',
    dataIndex: 'KindName',
    width: 90,
    render: (v, r) => <Tag color={r.Kind === 1 ? 'green' : 'orange'}>{r.Kind === 1 ? v : '班（调休上班）'}</Tag>,
  },
  { title: '名称', dataIndex: 'Name', width: 160 },
];

const fields: FormField<HolidaySaveBody>[] = [
  { name: 'Day', label: '日期', type: 'date', required: true, rules: [zodRule(HolidaySaveBody, 'Day')] },
  {
    name: 'Kind',
    label: '休/班',
    type: 'radio',
    required: true,
    options: [
      { value: 1, label: ATT_HOLIDAY_KINDS[1] },
      { value: 2, label: '班（调休上班）' },
    ],
  },
  { name: 'Name', label: '名称', maxLength: 20, placeholder: '如 国庆节' },
];

export function HolidaysTab() {
  const [year, setYear] = useState(dayjs().year());
  const [editing, setEditing] = useState<Partial<HolidaySaveBody> | null>(null);
  return (
    <>
      <ListPage<HolidayRow>
        resource={ATTENDANCE}
        listName="holidays"
        fetch={holidayList}
        extraParams={{ Year: year }}
        columns={columns}
        heightExtra={56}
        toolbar={() => (
          <>
            <InputNumber
              aria-label="年份"
              min={2000}
              max={2100}
              value={year}
              onChange={(v) => v && setYear(v)}
              addonAfter="年"
              style={{ width: 130 }}
            />
            <Auth btn="add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ Id: 0, Kind: 1 })}>
                新增节假日
              </Button>
            </Auth>
          </>
        )}
        rowActions={(row) => (
          <>
            <Auth btn="edit">
              <Button type="link" size="small" onClick={() => setEditing(row)}>
                编辑
              </Button>
            </Auth>
            <DeleteButton
              title={`确定删除 ${row.Day} 吗？`}
              resource={ATTENDANCE}
              onDelete={() => holidayDel(row.Id)}
            />
          </>
        )}
      />
      <EditDrawer<HolidaySaveBody>
        open={!!editing}
        title={editing?.Id ? '编辑节假日' : '新增节假日'}
        fields={fields}
        editing={!!editing?.Id}
        initialValues={editing ?? {}}
        resource={ATTENDANCE}
        onSubmit={(v) => holidaySave({ ...v, Id: editing?.Id ?? 0 })}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
