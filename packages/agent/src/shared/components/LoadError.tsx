import { Button, Result } from 'antd';

/** A page or card whose data did not come: the server's message and 重试 (a 401 never lands here). */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Result
      status="warning"
      className="portal-load-error"
      title="加载失败"
      subTitle={message}
      extra={
        <Button onClick={onRetry} data-testid="retry">
          重试
        </Button>
      }
    />
  );
}
