import { ErrorBlock } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { Frame } from '../../../shared/components/Frame';
import { Page } from '../../../shared/components/Page';
import { useAppInfo } from '../../../shared/api/app';
import { sponsorPage, sponsorship } from '../api';

/** /zhanzhuye?type=1|2: a sponsor station page in a frame: the URL saved in 站点设置, or the built-in page. */
export default function Zhanzhuye() {
  const [params] = useSearchParams();
  const s = sponsorship(Number(params.get('type')));
  const app = useAppInfo();
  if (!s) return <Page title="赞助"><ErrorBlock status="empty" title="页面不存在" style={{ paddingTop: 100 }} /></Page>;
  // the frame waits for the settings, so a saved page never flashes the built-in one first
  return <Page title={s.name}>{app.isPending ? null : <Frame src={sponsorPage(s, app.data?.sponsor_urls)} title={s.name} />}</Page>;
}
