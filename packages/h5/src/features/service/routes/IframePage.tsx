import { Button, ErrorBlock } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { frameTarget, MSG } from '@app/contract';
import { useAppInfo } from '../../../shared/api/app';
import { Frame } from '../../../shared/components/Frame';
import { Page } from '../../../shared/components/Page';
import { useGo } from '../../../shared/hooks/useGo';

/**
 * /iframepage?url=: frames a link from a banner only when the contract's rule allows it (this origin,
 * or https on an allowed host: the site setting frame_hosts from /api/app, which the server's CSP
 * follows too); it frames the parsed URL, never the raw text. Anything else gets a screen that says
 * so, not a blank frame.
 */
export default function IframePage() {
  const [params] = useSearchParams();
  const go = useGo();
  const title = params.get('title') || '详情';
  const { data: app, isPending } = useAppInfo();
  const target = frameTarget(params.get('url') ?? '', window.location.origin, app?.frame_hosts ?? []);
  // our own pages stay relative (path, query, hash of the parsed URL); others are framed absolute
  const src = target && (target.origin === window.location.origin ? `${target.pathname}${target.search}${target.hash}` : target.href);
  return (
    <Page title={title}>
      {isPending ? null : src ? (
        <Frame src={src} title={title} />
      ) : (
        <ErrorBlock status="default" title={MSG.frameRefusedTitle} description={MSG.frameRefusedDetail} style={{ paddingTop: 100 }} data-testid="frame-refused">
          <Button color="primary" fill="outline" onClick={() => go('/')} data-testid="frame-refused-home">
            返回首页
          </Button>
        </ErrorBlock>
      )}
    </Page>
  );
}
