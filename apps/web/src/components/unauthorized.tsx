import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';

export default function Unauthorized() {
  const navigate = useNavigate();
  return (
    <div className="full-page-center">
      <Result
        status="403"
        title="401"
        subTitle="您没有访问该页面的权限，如有需要请联系管理员分配岗位权限。"
        extra={
          <Space>
            <Button onClick={() => navigate(-1)}>返回</Button>
            <Button type="primary" onClick={() => navigate('/dashboard')}>
              返回首页
            </Button>
          </Space>
        }
      />
    </div>
  );
}
