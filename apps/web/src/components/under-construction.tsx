import { findRouteByPath } from '@linli/shared';
import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';

/** A menu screen whose module is not built yet (catalog `built: false`) says so instead of pretending. */
export function UnderConstruction() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const title = findRouteByPath(pathname)?.title ?? '该功能';
  return (
    <Result
      status="info"
      title={`${title} 建设中`}
      subTitle="该功能模块正在建设中，敬请期待。"
      extra={
        <Button type="primary" onClick={() => navigate('/dashboard')}>
          返回首页
        </Button>
      }
    />
  );
}

export default UnderConstruction;
