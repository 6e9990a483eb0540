import { Component, useEffect, useState, type ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import { isChunkLoadError, NEW_VERSION_TEXT, reloadIntoNewVersion, reloadOnceForNewVersion, reloadPending, SCREEN_ERROR_TEXT } from '@app/browser';

/**
 * The page area's error screen. A page whose chunk is gone after a deploy reloads once into the new
 * version; if that was already tried, it says 版本已更新 with 刷新. Any other error says so plainly
 * (the menu stays usable). Give it `key` = the path, so going elsewhere starts afresh.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown') };
  }

  render() {
    return this.state.error ? <ScreenError error={this.state.error} /> : this.props.children;
  }
}

function ScreenError({ error }: { error: unknown }) {
  const stale = isChunkLoadError(error) || reloadPending();
  const [updating, setUpdating] = useState(() => stale && reloadPending());
  useEffect(() => {
    if (stale && reloadOnceForNewVersion()) setUpdating(true);
  }, [stale]);
  const refresh = () => {
    setUpdating(true);
    void reloadIntoNewVersion();
  };
  if (updating)
    return (
      <div data-testid="new-version-updating">
        <Result icon={<Spin size="large" />} title={NEW_VERSION_TEXT.updating} />
      </div>
    );
  const text = stale ? NEW_VERSION_TEXT : SCREEN_ERROR_TEXT;
  return (
    <div data-testid={stale ? 'new-version' : 'screen-error'}>
      <Result
        status={stale ? 'info' : 'warning'}
        title={text.title}
        subTitle={text.hint}
        extra={
          <Button type="primary" size="large" onClick={refresh}>
            {text.refresh}
          </Button>
        }
      />
    </div>
  );
}
