import { ReloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';

/** A list page's 刷新 icon button: reads the list again, spinning while it does. */
export function RefreshButton({ query }: { query: { isFetching: boolean; refetch: () => unknown } }) {
  return (
    <Tooltip title="刷新">
      <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()} aria-label="刷新" />
    </Tooltip>
  );
}
