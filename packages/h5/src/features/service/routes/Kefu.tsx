import { DotLoading, ErrorBlock } from 'antd-mobile';
import { Frame } from '../../../shared/components/Frame';
import { Page } from '../../../shared/components/Page';
import { useServiceUrl } from '../api';
import { LiveChat } from '../components/LiveChat';

/**
 * 在线客服: the external service page the operator configured, in a full-height frame; with none
 * configured (the default), the built-in live chat with the support staff.
 */
export default function Kefu() {
  const { data, isPending, isError, error } = useServiceUrl();
  return (
    <Page title="在线客服">
      {isPending ? (
        <div style={{ padding: '40vh 0', textAlign: 'center' }}><DotLoading color="primary" /></div>
      ) : isError ? (
        <ErrorBlock status="disconnected" title="客服暂不可用" description={error.message || '请稍后再试'} style={{ paddingTop: 80 }} />
      ) : data.url ? (
        <Frame src={data.url} title="在线客服" />
      ) : (
        <LiveChat />
      )}
    </Page>
  );
}
