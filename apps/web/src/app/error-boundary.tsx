import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { recordError } from './error-log';

interface Props {
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Keeps the frame alive when one screen crashes: the tab shows the failure, other tabs keep working. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    recordError(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Result
        status="error"
        title="页面出错了"
        subTitle={this.state.error.message}
        extra={
          <Button type="primary" onClick={() => this.setState({ error: null })}>
            重试
          </Button>
        }
      />
    );
  }
}
