import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { isChunkLoadError, NEW_VERSION_TEXT, reloadIntoNewVersion, reloadOnceForNewVersion, reloadPending, SCREEN_ERROR_TEXT } from '@app/browser';

/**
 * Every route's error screen (never the router's own "Unexpected Application Error!"). A screen whose
 * chunk is gone after a deploy reloads once into the new version; if that was already tried, it says
 * 版本已更新 with 刷新. Any other error says so plainly, with 刷新.
 */
export function RouteError() {
  const error = useRouteError();
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
      <div className="route-error" data-testid="new-version-updating">
        <DotLoading color="primary" />
        <p className="route-error__hint">{NEW_VERSION_TEXT.updating}</p>
      </div>
    );
  const text = stale ? NEW_VERSION_TEXT : SCREEN_ERROR_TEXT;
  return (
    <div className="route-error" data-testid={stale ? 'new-version' : 'screen-error'}>
      <img className="route-error__logo" src="/assets/logo.svg" alt="" />
      <h2 className="route-error__title">{text.title}</h2>
      <p className="route-error__hint">{text.hint}</p>
      <Button color="primary" shape="rounded" className="route-error__button" onClick={refresh}>
        {text.refresh}
      </Button>
    </div>
  );
}
