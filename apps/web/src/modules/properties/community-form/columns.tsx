import { CommunitySaveBody } from '@linli/shared';
import type { FormField, Option } from '../../../components/crud';
import { ImageListField, zodRule } from '../../../components/crud';
import type { CommunityValues } from '../communities/api';
import { enabledOptions } from '../shared/labels';

const rule = (name: keyof CommunitySaveBody & string) => [zodRule(CommunitySaveBody, name)];

/** The community form (properties.md 小区管理 "Form fields"), validated with the server's body schema. */
export function communityFields(staff: Option[]): FormField<CommunityValues>[] {
  return [
    { name: 'Name', label: '小区名称', maxLength: 50, span: 12, rules: rule('Name'), section: '基本信息' },
    {
      name: 'Code',
      label: '编码',
      maxLength: 20,
      span: 12,
      rules: rule('Code'),
      placeholder: '留空自动生成，如 XQ0001',
    },
    { name: 'Province', label: '省', maxLength: 20, span: 8, rules: rule('Province'), placeholder: '如 浙江省' },
    { name: 'City', label: '市', maxLength: 20, span: 8, rules: rule('City'), placeholder: '如 杭州市' },
    { name: 'District', label: '区', maxLength: 20, span: 8, rules: rule('District'), placeholder: '如 西湖区' },
    { name: 'Address', label: '详细地址', maxLength: 100, span: 24, rules: rule('Address') },
    {
      name: 'BuildArea',
      label: '建筑面积（㎡）',
      type: 'number',
      span: 12,
      rules: rule('BuildArea'),
      props: { min: 0, precision: 2 },
    },
    { name: 'ServicePhone', label: '服务电话', maxLength: 20, span: 12, rules: rule('ServicePhone') },
    { name: 'ManagerUserId', label: '负责人', type: 'select', options: staff, span: 12, section: '管理信息' },
    { name: 'DeliveryDate', label: '交付日期', type: 'date', span: 12 },
    { name: 'Status', label: '状态', type: 'radio', options: enabledOptions, span: 12 },
    {
      name: 'Photos',
      label: '小区照片',
      span: 24,
      extra: '最多5张，jpg/png，每张不超过2MB',
      render: () => <ImageListField max={5} />,
    },
  ];
}
