import { ErrorBlock } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { Frame } from '../../../shared/components/Frame';
import { Page } from '../../../shared/components/Page';
import { sponsorship } from '../api';

/** /zhanzhuye?type=1|2: a sponsor station page in a frame. */
export default function Zhanzhuye() {
  const [params] = useSearchParams();
  const s = sponsorship(Number(params.get('type')));
  return (
    <Page title={s?.name ?? '赞助'}>
      {s ? <Frame src={s.page} title={s.name} /> : <ErrorBlock status="empty" title="页面不存在" style={{ paddingTop: 100 }} />}
    </Page>
  );
}
