import { DotLoading, ErrorBlock } from 'antd-mobile';
import { Frame } from '../../../shared/components/Frame';
import { Page } from '../../../shared/components/Page';
import { useServiceUrl } from '../api';

/** 在线客服: the customer-service chat in a full-height frame. */
export default function Kefu() {
  const { data, isPending, isError, error } = useServiceUrl();
  return (
    <Page title="在线客服">
      {isPending ? (
        <div style={{ padding: '40vh 0', textAlign: 'center' }}><DotLoading color="primary" /></div>
      ) : isError || !data.url ? (
        <ErrorBlock status="disconnected" title="客服暂不可用" description={isError ? error.message : '请稍后再试'} style={{ paddingTop: 80 }} />
      ) : (
        <Frame src={data.url} title="在线客服" />
      )}
    </Page>
  );
}
