import { Button, DotLoading, ErrorBlock, Toast } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { CODE } from '@app/contract';
import { userKey, useToken } from '../../../shared/auth/session';
import { HtmlContent } from '../../../shared/components/HtmlContent';
import { SmartImage } from '../../../shared/components/SmartImage';
import { PlayBlockNotice } from '../../../shared/protection/PlayBlockNotice';
import { usePlayBlock } from '../../../shared/protection/usePlayBlock';
import { applyForActivity, applyLogKey, useActivity } from '../api';
import '../promotions.css';

/** A promotion: banner, title, content, rules and the apply button (去登录 for a visitor, the block's notice during a time-out or self-exclusion). */
export default function ActivityInfo() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const navigate = useNavigate();
  const location = useLocation();
  const token = useToken();
  const { block, known } = usePlayBlock();
  const qc = useQueryClient();
  const { data, isPending, isError, error } = useActivity(id);
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/activity'));

  const apply = async () => {
    try {
      const res = await applyForActivity(id);
      if (res.code === CODE.ok) {
        Toast.show({ icon: 'success', content: res.message });
        // an auto-approved bonus moves the balance too
        void qc.invalidateQueries({ queryKey: applyLogKey });
        void qc.invalidateQueries({ queryKey: userKey });
      }
      else if (res.code !== CODE.unauthorized) Toast.show({ icon: 'fail', content: res.message });
    } catch {
      // a network failure stays silent (spec §8)
    }
  };

  return (
    <div className="activity-info" data-testid="activity-info">
      <button className="activity-info-back" aria-label="返回" data-testid="back" onClick={back}>
        <LeftOutline />
      </button>
      {!Number.isInteger(id) || id <= 0 || isError ? (
        <div className="activity-info-error">
          <ErrorBlock status="empty" title="活动不存在" description={isError ? error.message : ''} />
        </div>
      ) : isPending ? (
        <div className="activity-loading" style={{ paddingTop: '40vh' }}><DotLoading color="primary" /></div>
      ) : (
        <>
          <SmartImage src={data.banner} label={data.title} className="activity-info-banner" />
          <div className="activity-info-body">
            <div className="activity-info-head card">
              <h1 className="activity-info-title" data-testid="activity-title">{data.title}</h1>
              <div className="activity-info-time">发布时间 {data.created_at}</div>
            </div>
            <section className="activity-info-section card">
              <div className="activity-info-heading">活动内容</div>
              <HtmlContent html={data.content} />
            </section>
            {data.memo && (
              <section className="activity-info-section card">
                <div className="activity-info-heading">活动规则</div>
                <HtmlContent html={data.memo} className="activity-info-rules" />
              </section>
            )}
          </div>
          <div className="activity-info-bar">
            {block ? (
              <PlayBlockNotice block={block} compact />
            ) : token ? (
              <Button block color="primary" shape="rounded" className="activity-apply" data-testid="activity-apply" disabled={!known} onClick={() => void apply()}>
                立即申请
              </Button>
            ) : (
              <Button
                block
                color="primary"
                shape="rounded"
                className="activity-apply"
                data-testid="activity-apply"
                onClick={() => navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`)}
              >
                去登录
              </Button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
