import { CommunitySaveBody } from '@linli/shared';
import { useMemo } from 'react';
import { type FormField, ImageListField, ResourceForm, zodRule } from '../../../components/crud';
import { useStaffOptions } from '../../../components/pickers';
import { communities } from '../communities/resource';
import { enabledOptions } from '../shared/labels';

const NEW: Partial<CommunitySaveBody> = { Id: 0, Status: 1, Photos: [] };
const rule = (name: keyof CommunitySaveBody & string) => [zodRule(CommunitySaveBody, name)];
const text = (name: keyof CommunitySaveBody & string, label: string, maxLength: number, span: number) =>
  ({ name, label, maxLength, span, rules: rule(name) }) as const;

/** communityaddedit: 新增小区, or 编辑小区 with `?id=` (properties.md 小区管理 "Form fields"). */
export default function CommunityFormPage() {
  const staff = useStaffOptions();
  const fields = useMemo<FormField<CommunitySaveBody>[]>(
    () => [
      { ...text('Name', '小区名称', 50, 12), section: '基本信息' },
      { ...text('Code', '编码', 20, 12), placeholder: '留空自动生成，如 XQ0001' },
      { ...text('Province', '省', 20, 8), placeholder: '如 浙江省' },
      { ...text('City', '市', 20, 8), placeholder: '如 杭州市' },
      { ...text('District', '区', 20, 8), placeholder: '如 西湖区' },
      text('Address', '详细地址', 100, 24),
      {
        name: 'BuildArea',
        label: '建筑面积（㎡）',
        type: 'number',
        span: 12,
        rules: rule('BuildArea'),
        props: { min: 0, precision: 2 },
      },
      text('ServicePhone', '服务电话', 20, 12),
      {
        name: 'ManagerUserId',
        label: '负责人',
        type: 'select',
        options: staff.data ?? [],
        span: 12,
        section: '管理信息',
      },
      { name: 'DeliveryDate', label: '交付日期', type: 'date', span: 12 },
      { name: 'Status', label: '状态', type: 'radio', options: enabledOptions, span: 12 },
      {
        name: 'Photos',
        label: '小区照片',
        span: 24,
        extra: '最多5张，jpg/png，每张不超过2MB',
        render: () => <ImageListField max={5} />,
      },
    ],
    [staff.data],
  );
  return <ResourceForm resource={communities} fields={fields} blank={NEW} formProps={{ style: { maxWidth: 960 } }} />;
}
