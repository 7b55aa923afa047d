import { Divider, Form } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { FormPage, useFormDetail } from '../../../components/crud';
import { useCommunityOptions } from '../../../components/pickers';
import { BUILDINGS, type BuildingValues, buildingGet, buildingSave } from '../buildings/api';
import { buildingFields } from './columns';
import { UnitsEditor } from './units-editor';

const NEW: Partial<BuildingValues> = {
  Id: 0,
  BuildingType: 1,
  FloorsBelow: 0,
  HasLift: false,
  Sort: 0,
  Units: [{ Id: 0, UnitNo: 1, Name: '1单元' }] as never,
};

/** buildingaddedit: 新增楼宇 (`?communityId=` preselects), or 编辑楼宇 with `?id=`; units edited in place. */
export default function BuildingFormPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id') ?? 0);
  const communityId = Number(search.get('communityId') ?? 0) || undefined;
  const communities = useCommunityOptions();
  const fields = useMemo(
    () => buildingFields((communities.data ?? []).map((c) => ({ value: c.Id, label: c.Name }))),
    [communities.data],
  );
  const blank = useMemo(() => ({ ...NEW, CommunityId: communityId }), [communityId]);
  const [form] = Form.useForm<BuildingValues>();
  const detail = useFormDetail(BUILDINGS, id, buildingGet);

  return (
    <FormPage
      form={form}
      id={id}
      detail={detail}
      resource={BUILDINGS}
      listPath="/housemanage/buildinglist"
      fields={fields}
      blank={blank}
      onSave={(values) => buildingSave({ ...values, Id: id })}
      errorFields={{ Units: 'Units' }}
      title={id ? `编辑楼宇 ${detail.data?.Name ?? ''}` : '新增楼宇'}
      loadError="楼宇加载失败"
      formProps={{ style: { maxWidth: 960 } }}
    >
      <Divider titlePlacement="start">单元</Divider>
      <UnitsEditor />
    </FormPage>
  );
}
