import { RESIDENT_ROLES, SMS_TARGET_KINDS } from '@linli/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, InputNumber, Radio, Select, TreeSelect, Upload } from 'antd';
import { useState } from 'react';
import { getBuildingOptions, getUnitOptions, useCommunityOptions } from '../../../components/pickers';
import { SMS, smsApi } from '../shared/api';

interface TreeNode {
  value: string;
  title: string;
  isLeaf?: boolean;
  children?: TreeNode[];
}

/** community › building › unit, loaded as it opens; values 'c-1', 'b-2', 'u-3'. */
function BuildingTree({ value, onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  const communities = useCommunityOptions();
  const [loaded, setLoaded] = useState<Record<string, TreeNode[]>>({});
  const nodes = (communities.data ?? []).map((c): TreeNode => ({
    value: `c-${c.Id}`,
    title: c.Name,
    children: withChildren(`c-${c.Id}`),
  }));
  function withChildren(key: string): TreeNode[] | undefined {
    return loaded[key]?.map((n) => ({ ...n, children: n.isLeaf ? undefined : withChildren(n.value) }));
  }
  const load = async (node: { value?: string | number }) => {
    const key = String(node.value);
    if (loaded[key]) return;
    const [kind, id] = key.split('-');
    const children: TreeNode[] =
      kind === 'c'
        ? (await getBuildingOptions(Number(id))).map((b) => ({ value: `b-${b.Id}`, title: b.Name }))
        : (await getUnitOptions(Number(id))).map((u) => ({
            value: `u-${u.Id}`,
            title: u.Name || `${u.UnitNo}单元`,
            isLeaf: true,
          }));
    setLoaded((l) => ({ ...l, [key]: children }));
  };
  return (
    <TreeSelect
      treeData={nodes}
      loadData={load}
      value={value}
      onChange={onChange}
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_PARENT}
      placeholder="选择小区 / 楼栋 / 单元"
      style={{ width: 420 }}
      maxTagCount={6}
      aria-label="楼栋"
    />
  );
}

/** 接收对象: the five kinds of domain file "Target" and the 住户身份 filter. */
export function TargetFields({ kind }: { kind: number }) {
  const form = Form.useFormInstance();
  const communities = useCommunityOptions();
  const tags = useQuery({ queryKey: [SMS, 'tags'], queryFn: smsApi.tags, enabled: kind === 3 });
  const communityOptions = (communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name }));
  return (
    <>
      <Form.Item name="Kind" label="接收对象" rules={[{ required: true }]}>
        <Radio.Group
          options={SMS_TARGET_KINDS.flatMap((label, value) => (value ? [{ value, label }] : []))}
          optionType="button"
        />
      </Form.Item>
      {(kind === 1 || kind === 5) && (
        <Form.Item name="CommunityIds" label="小区" rules={[{ required: true, message: '请选择小区' }]}>
          <Select mode="multiple" options={communityOptions} placeholder="选择小区" style={{ width: 420 }} />
        </Form.Item>
      )}
      {kind === 2 && (
        <Form.Item name="Tree" label="楼栋" rules={[{ required: true, message: '请选择楼栋或单元' }]}>
          <BuildingTree />
        </Form.Item>
      )}
      {kind === 3 && (
        <>
          <Form.Item name="TagIds" label="住户标签" rules={[{ required: true, message: '请选择标签' }]}>
            <Select
              mode="multiple"
              options={(tags.data ?? []).map((t) => ({ value: t.Id, label: t.Name }))}
              style={{ width: 420 }}
            />
          </Form.Item>
          <Form.Item name="CommunityIds" label="小区" extra="不选则为全部小区">
            <Select mode="multiple" options={communityOptions} style={{ width: 420 }} allowClear />
          </Form.Item>
        </>
      )}
      {kind === 4 && (
        <Form.Item
          label="手机号"
          required
          extra="多个号码用逗号或换行分隔，或导入含“手机号”列的 xlsx；重复号码只发一次，无效号码在预览中列出"
        >
          <Form.Item name="PhonesText" noStyle rules={[{ required: true, message: '请输入手机号' }]}>
            <Input.TextArea
              rows={5}
              style={{ width: 420 }}
              placeholder={'13800000001\n13800000002'}
              aria-label="手机号"
            />
          </Form.Item>
          <div style={{ marginTop: 8 }}>
            <Upload
              accept=".xlsx"
              showUploadList={false}
              beforeUpload={(file) => {
                void smsApi
                  .phonesFromXlsx(file)
                  .then((r) => {
                    const now = (form.getFieldValue('PhonesText') as string | undefined) ?? '';
                    form.setFieldValue('PhonesText', [now.trim(), ...r.Phones].filter(Boolean).join('\n'));
                  })
                  .catch(() => undefined);
                return false;
              }}
            >
              <Button>从 xlsx 导入</Button>
            </Upload>
          </div>
        </Form.Item>
      )}
      {kind === 5 && (
        <Form.Item label="欠费条件" required>
          <Form.Item name="ArrearsMoney" noStyle>
            <InputNumber min={0} precision={2} addonBefore="欠费金额 ≥" addonAfter="元" style={{ width: 220 }} />
          </Form.Item>{' '}
          <Form.Item name="ArrearsMonths" noStyle>
            <InputNumber
              min={0}
              max={120}
              precision={0}
              addonBefore="欠费月数 ≥"
              addonAfter="月"
              style={{ width: 200 }}
            />
          </Form.Item>
        </Form.Item>
      )}
      {kind !== 4 && (
        <Form.Item name="Roles" label="住户身份" extra="不选则为全部身份">
          <Checkbox.Group options={RESIDENT_ROLES.flatMap((label, value) => (value ? [{ value, label }] : []))} />
        </Form.Item>
      )}
    </>
  );
}
