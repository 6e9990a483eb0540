import { useState } from 'react';
import { App, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';

/** 导出CSV: runs a download (api.download, answering the file name), busy while it runs, then says how it went. */
export function ExportButton({ download, disabled, testId }: { download: () => Promise<string>; disabled?: boolean; testId: string }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      message.success(`已导出 ${await download()}`);
    } catch (err) {
      message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} disabled={disabled} onClick={() => void run()} data-testid={testId}>
      导出CSV
    </Button>
  );
}
