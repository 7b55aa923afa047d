import { Form } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { FormPage, useFormDetail } from '../../../components/crud';
import { useStaffOptions } from '../../../components/pickers';
import { COMMUNITIES, type CommunityValues, communityGet, communitySave } from '../communities/api';
import { communityFields } from './columns';

const NEW: Partial<CommunityValues> = { Id: 0, Status: 1, Photos: [] };

/** communityaddedit: 新增小区, or 编辑小区 with `?id=`. */
export default function CommunityFormPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id') ?? 0);
  const staff = useStaffOptions();
  const fields = useMemo(() => communityFields(staff.data ?? []), [staff.data]);
  const [form] = Form.useForm<CommunityValues>();
  const detail = useFormDetail(COMMUNITIES, id, communityGet);

  return (
    <FormPage
      form={form}
      id={id}
      detail={detail}
      resource={COMMUNITIES}
      listPath="/housemanage/communitylist"
      fields={fields}
      blank={NEW}
      onSave={(values) => communitySave({ ...values, Id: id })}
      title={id ? `编辑小区 ${detail.data?.Name ?? ''}` : '新增小区'}
      loadError="小区加载失败"
      formProps={{ style: { maxWidth: 960 } }}
    />
  );
}
