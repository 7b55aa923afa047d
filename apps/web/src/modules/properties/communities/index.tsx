import { useNavigate } from 'react-router';
import { ResourceList } from '../../../components/crud';
import { communities, communityColumns, communitySearch } from './resource';

/** 小区管理: communities with their figures; add/edit on the communityaddedit page, 楼宇 opens the building list. */
export default function CommunityListPage() {
  const navigate = useNavigate();
  return (
    <ResourceList
      resource={communities}
      columns={communityColumns}
      searchFields={communitySearch}
      actions={[
        'edit',
        { label: '楼宇', onClick: (r) => navigate(`/housemanage/buildinglist?communityId=${r.Id}`) },
        'delete',
      ]}
    />
  );
}
