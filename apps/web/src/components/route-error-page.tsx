import { Button } from 'antd';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { recordError } from '../app/error-log';

/**
 * Errors thrown while loading a route (a chunk that failed to download after a deploy, a loader bug). Plain markup
 * on purpose: this component is part of the first download, antd's Result is not.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => recordError(error, 'at RouteErrorPage'), [error]);
  const text = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : (error as Error)?.message;
  return (
    <div className="full-page-center">
      <div role="alert" style={{ textAlign: 'center' }}>
        <h1 style={{ fontSize: 22, fontWeight: 500 }}>页面加载失败</h1>
        <p style={{ color: '#8a94a6' }}>{text || '未知错误'}</p>
        <Button type="primary" onClick={() => window.location.reload()}>
          重新加载
        </Button>
      </div>
    </div>
  );
}
