import { FeeItemSaveBody } from '@linli/shared';
import { type FormField, ResourceForm, zodRule } from '../../../components/crud';
import { feeItems, OPTIONS } from '../api';

const NEW: Partial<FeeItemSaveBody> = { Id: 0, Category: 1, Kind: 1, PayerType: 1, IsEnabled: true };
const rule = (name: keyof FeeItemSaveBody & string) => [zodRule(FeeItemSaveBody, name)];

const fields: FormField<FeeItemSaveBody>[] = [
  { name: 'ItemName', label: '项目名称', maxLength: 30, span: 12, required: true, rules: rule('ItemName') },
  { name: 'Category', label: '类别', type: 'select', options: OPTIONS.category, span: 12, required: true },
  { name: 'Kind', label: '类型', type: 'radio', options: OPTIONS.kind, span: 12, required: true },
  { name: 'PayerType', label: '缴费对象', type: 'radio', options: OPTIONS.payerType, span: 12 },
  { name: 'IsEnabled', label: '启用', type: 'switch', span: 12, valuePropName: 'checked' },
  { name: 'Remark', label: '备注', type: 'textarea', maxLength: 200, span: 24 },
];

/** itemaddedit: 新增收费项目, or 编辑收费项目 with `?id=`. */
export default function FeeItemFormPage() {
  return <ResourceForm resource={feeItems} fields={fields} blank={NEW} formProps={{ style: { maxWidth: 900 } }} />;
}
