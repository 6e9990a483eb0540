import { ErrorBlock } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { Frame } from '../../../shared/components/Frame';
import { Page } from '../../../shared/components/Page';
import { isFrameable } from '../api';

/** /iframepage?url=: frames a link from a banner, only when it is ours. */
export default function IframePage() {
  const [params] = useSearchParams();
  const url = params.get('url') ?? '';
  const title = params.get('title') || '详情';
  return (
    <Page title={title}>
      {isFrameable(url) ? (
        <Frame src={url} title={title} />
      ) : (
        <ErrorBlock status="default" title="无法打开该页面" description="该链接不在允许访问的范围内" style={{ paddingTop: 100 }} data-testid="frame-refused" />
      )}
    </Page>
  );
}
