import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { Auth } from '../../../components/auth';
import { DeleteButton, ListPage } from '../../../components/crud';
import { COMMUNITIES, type CommunityRow, communityDelete, communityList } from './api';
import { communityColumns, communitySearch } from './columns';

const FORM = '/housemanage/communityaddedit';

/** 小区管理: communities with their figures; add/edit on the communityaddedit page, 楼宇 opens the building list. */
export default function CommunityListPage() {
  const navigate = useNavigate();
  return (
    <ListPage<CommunityRow>
      resource={COMMUNITIES}
      fetch={communityList}
      columns={communityColumns}
      searchFields={communitySearch}
      exportCall="/Community/Export"
      exportName="小区"
      toolbar={() => (
        <Auth btn="add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(FORM)}>
            新增
          </Button>
        </Auth>
      )}
      actionsWidth={170}
      rowActions={(row) => (
        <>
          <Auth btn="edit">
            <Button type="link" size="small" onClick={() => navigate(`${FORM}?id=${row.Id}`)}>
              编辑
            </Button>
          </Auth>
          <Button type="link" size="small" onClick={() => navigate(`/housemanage/buildinglist?communityId=${row.Id}`)}>
            楼宇
          </Button>
          <DeleteButton
            resource={COMMUNITIES}
            title={`确定删除小区「${row.Name}」吗？`}
            onDelete={() => communityDelete(row.Id)}
          />
        </>
      )}
    />
  );
}
