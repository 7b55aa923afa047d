import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { GroupSaveBody, WEEKDAY_NAMES } from '@linli/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  TreeSelect,
} from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { invalidateAfterWrite } from '../../../app/query-deps';
import { ApiError } from '../../../app/request';
import { ui } from '../../../app/ui-bridge';
import { zodRule } from '../../../components/crud';
import { ATTENDANCE, type GroupDetail, groupSave, useDptUsers, useShifts } from '../shared/api';

type Values = Omit<GroupSaveBody, 'UserIds'> & { UserIds: (number | string)[] };

const weekdayOptions = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: WEEKDAY_NAMES[d] }));

/** The group's rules: type, shift(s), weekdays, members, places, Wi-Fi, 外勤; a member of another group asks first. */
export function GroupForm({ group }: { group?: GroupDetail | undefined }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const client = useQueryClient();
  const shifts = useShifts();
  const people = useDptUsers();
  const [saving, setSaving] = useState(false);
  const kind = Form.useWatch('Kind', form);
  const shiftOptions = (shifts.data ?? []).map((s) => ({
    value: s.Id,
    label: `${s.Name} ${s.WorkStart}-${s.CrossDay ? '次日' : ''}${s.WorkEnd}`,
  }));

  const initial: Partial<Values> = group
    ? { ...group, ShiftId: group.ShiftId ?? undefined, LeaderId: group.LeaderId ?? undefined }
    : {
        Kind: 1,
        WorkDays: [1, 2, 3, 4, 5],
        UseHolidays: true,
        AllowOutside: false,
        UserIds: [],
        Places: [],
        Wifis: [],
      };

  const save = async (move: boolean) => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = {
      ...values,
      Id: group?.Id ?? 0,
      // The tree's department nodes select their people; only people ids go to the server.
      UserIds: values.UserIds.filter((v): v is number => typeof v === 'number'),
      Places: values.Places ?? [],
      Wifis: values.Wifis ?? [],
      MoveMembers: move,
    };
    setSaving(true);
    try {
      await groupSave(body);
      ui.toast('success', '保存成功');
      await invalidateAfterWrite(client, ATTENDANCE);
      navigate('/attendance/settings?tab=groups');
    } catch (e) {
      if (e instanceof ApiError && e.ret === 409) {
        ui.confirm({
          title: '成员已在其他考勤组',
          content: e.message,
          okText: '移入本组',
          cancelText: '取消',
          onOk: () => void save(true),
        });
      } else if (e instanceof ApiError && e.fieldErrors) {
        form.setFields(
          Object.entries(e.fieldErrors).map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })),
        );
        ui.toast('error', e.message);
      } else if (e instanceof Error) ui.toast('error', e.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      size="small"
      title={group ? `编辑考勤组 ${group.Name}` : '新增考勤组'}
      variant={group?.Kind === 2 ? 'borderless' : 'outlined'}
    >
      <Form form={form} name="attGroup" layout="vertical" initialValues={initial} style={{ maxWidth: 900 }}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="Name" label="名称" rules={[zodRule(GroupSaveBody, 'Name')]}>
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="LeaderId" label="负责人">
              <Select allowClear showSearch optionFilterProp="label" options={people.data?.people ?? []} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="UserIds"
          label="成员"
          rules={[{ required: true, message: '请选择考勤组成员' }]}
          extra="括号内为已在的考勤组；保存时会询问是否移入本组"
        >
          <TreeSelect
            treeData={people.data?.tree ?? []}
            treeCheckable
            showSearch
            treeDefaultExpandAll
            showCheckedStrategy={TreeSelect.SHOW_CHILD}
            treeNodeFilterProp="title"
            placeholder="从部门中选择员工"
            maxTagCount={20}
            allowClear
          />
        </Form.Item>
        <Form.Item name="Kind" label="考勤类型">
          <Radio.Group
            options={[
              { value: 1, label: '固定班制' },
              { value: 2, label: '排班制' },
            ]}
          />
        </Form.Item>
        {kind === 2 ? (
          <Form.Item
            name="ShiftIds"
            label="可用班次"
            rules={[{ required: true, message: '请选择班次' }]}
            extra="保存后在「排班表」中为成员按天排班"
          >
            <Select mode="multiple" options={shiftOptions} />
          </Form.Item>
        ) : (
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="ShiftId" label="班次" rules={[{ required: true, message: '请选择班次' }]}>
                <Select options={shiftOptions} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="UseHolidays" label="节假日休息" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="WorkDays" label="工作日" rules={[{ required: true, message: '请选择工作日' }]}>
                <Checkbox.Group options={weekdayOptions} />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Form.Item label="打卡地点" required extra="经纬度可从地图拾取后填入；半径 50–3000 米">
          <Form.List name="Places">
            {(items, { add, remove }) => (
              <>
                {items.map((item) => (
                  <Space key={item.key} align="start" wrap>
                    <Form.Item name={[item.name, 'Name']} rules={[{ required: true, message: '请输入地点名称' }]}>
                      <Input placeholder="名称" style={{ width: 150 }} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'Address']}>
                      <Input placeholder="地址" style={{ width: 180 }} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'Lng']} rules={[{ required: true, message: '请填写经度' }]}>
                      <InputNumber placeholder="经度" min={-180} max={180} step={0.000001} style={{ width: 130 }} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'Lat']} rules={[{ required: true, message: '请填写纬度' }]}>
                      <InputNumber placeholder="纬度" min={-90} max={90} step={0.000001} style={{ width: 120 }} />
                    </Form.Item>
                    <Form.Item
                      name={[item.name, 'Radius']}
                      rules={[{ type: 'number', min: 50, max: 3000, message: '打卡半径需为50-3000米' }]}
                    >
                      <InputNumber placeholder="半径" addonAfter="米" style={{ width: 130 }} />
                    </Form.Item>
                    <MinusCircleOutlined
                      aria-label="删除地点"
                      onClick={() => remove(item.name)}
                      style={{ marginTop: 8 }}
                    />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ Radius: 300 })}>
                  添加地点
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item label="WiFi">
          <Form.List name="Wifis">
            {(items, { add, remove }) => (
              <>
                {items.map((item) => (
                  <Space key={item.key} align="start">
                    <Form.Item name={[item.name, 'Ssid']} rules={[{ required: true, message: '请输入WiFi名称' }]}>
                      <Input placeholder="SSID" style={{ width: 180 }} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'Bssid']}>
                      <Input placeholder="BSSID，如 a4:56:02:11:22:33" style={{ width: 230 }} />
                    </Form.Item>
                    <MinusCircleOutlined
                      aria-label="删除WiFi"
                      onClick={() => remove(item.name)}
                      style={{ marginTop: 8 }}
                    />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({})}>
                  添加WiFi
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item
          name="AllowOutside"
          label="允许外勤打卡"
          valuePropName="checked"
          extra="范围外打卡须拍照并填写备注，记为外勤"
        >
          <Switch />
        </Form.Item>
        <Space>
          <Button type="primary" loading={saving} onClick={() => void save(false)}>
            保存
          </Button>
          <Button onClick={() => navigate('/attendance/settings?tab=groups')}>返回</Button>
        </Space>
      </Form>
    </Card>
  );
}
