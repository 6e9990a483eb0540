import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Input, List, TextArea } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill, TeamOutline } from 'antd-mobile-icons';
import { AGENT_APPLICATION_STATE, AGENT_LIMITS, CODE, LIMITS, agentApplyRules, type AgentApplication } from '@app/contract';
import { FieldErrorsScope, FieldMessage, refusalFields, useFieldError, useFieldErrors } from '../../../shared/components/FieldErrors';
import { Page } from '../../../shared/components/Page';
import { userKey, useUser } from '../../../shared/auth/session';
import { toast } from '../../../shared/lib/toast';
import { agentStatusKey, applyForAgent, useAgentApplyStatus } from '../api';
import '../agents.css';

/** The server's refusals that are about one field (it runs the same rules), shown under it. */
const REFUSED_FIELD = refusalFields(agentApplyRules);

const PERKS = [
  { title: '邀请好友', text: '专属推广链接' },
  { title: '团队数据', text: '实时查看业绩' },
  { title: '丰厚佣金', text: '按周期结算' },
];

/**
 * /applyagent (spec §2, §5 agent application): the form only while the member is not an agent —
 * username and real name read-only, mobile and reason, the contract's rules before sending and the
 * server's message after. An application waiting shows its state and time instead of the form; a
 * rejected one shows its reason above the form, which applies again. An agent sees that it is one.
 */
export default function ApplyAgent() {
  const { data: user } = useUser();
  const status = useAgentApplyStatus();
  const s = status.data;
  const app = s?.application ?? null;
  let body: ReactNode = null;
  if (s && user) {
    if (s.isagent === 1 || user.isagent === 1) body = <AlreadyAgent />;
    else if (app?.state === AGENT_APPLICATION_STATE.pending) body = <Pending app={app} />;
    else body = <ApplyForm rejected={app?.state === AGENT_APPLICATION_STATE.rejected ? app : null} />;
  }
  return (
    <Page title="申请代理" className="agent-apply-page">
      <section className="agent-hero">
        <TeamOutline className="agent-hero-icon" />
        <div className="agent-hero-title">成为合作代理</div>
        <div className="agent-hero-sub">邀请好友加入，团队越大收益越高</div>
        <div className="agent-perks">
          {PERKS.map((p) => (
            <div key={p.title} className="agent-perk">
              <b>{p.title}</b>
              <span>{p.text}</span>
            </div>
          ))}
        </div>
      </section>
      {body}
    </Page>
  );
}

/** An agent already: nothing to apply for; its portal is reached from /mine's 代理登录. */
function AlreadyAgent() {
  const navigate = useNavigate();
  return (
    <div className="agent-card agent-result" data-testid="agent-already">
      <CheckCircleFill className="agent-result-icon tone-ok" />
      <div className="agent-result-title">您已是代理</div>
      <p className="agent-result-text">在“我的”页面点击“代理登录”即可进入代理后台，查看团队与佣金。</p>
      <Button block shape="rounded" color="primary" className="agent-submit" onClick={() => navigate('/mine')} data-testid="agent-go-mine">
        返回我的
      </Button>
    </div>
  );
}

/** The application waiting for review: its state, when it was sent, what it said. */
function Pending({ app }: { app: AgentApplication }) {
  return (
    <div className="agent-card agent-result" data-testid="agent-pending">
      <ClockCircleFill className="agent-result-icon tone-wait" />
      <div className="agent-result-title">
        申请<span data-testid="agent-state">{app.state_text}</span>
      </div>
      <p className="agent-result-text">您的代理申请已提交，审核结果将通过站内信通知您，请耐心等待。</p>
      <div className="agent-facts">
        <div className="agent-fact">
          <span>提交时间</span>
          <b data-testid="agent-submitted">{app.created_at}</b>
        </div>
        <div className="agent-fact">
          <span>手机号</span>
          <b>{app.mobile}</b>
        </div>
        <div className="agent-fact agent-fact-block">
          <span>申请理由</span>
          <p>{app.apply_info}</p>
        </div>
      </div>
    </div>
  );
}

/** The form; `rejected` is the last application when staff turned it down (its reason is shown). */
function ApplyForm({ rejected }: { rejected: AgentApplication | null }) {
  const qc = useQueryClient();
  const { data: user } = useUser();
  const [mobile, setMobile] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const errors = useFieldErrors();

  // The profile's mobile (or the last application's) as a starting point.
  useEffect(() => {
    setMobile((m) => m || rejected?.mobile || user?.mobile || '');
  }, [user?.mobile, rejected?.mobile]);

  const submit = async () => {
    if (busy) return;
    const input = { mobile: mobile.trim(), apply_info: reason.trim() };
    if (!errors.check(input, agentApplyRules)) return;
    setBusy(true);
    try {
      const answer = await applyForAgent(input);
      if (answer.code !== CODE.ok) errors.refuse(answer.message, REFUSED_FIELD);
      else if (answer.message) void toast({ icon: 'success', content: answer.message });
      await Promise.all([qc.invalidateQueries({ queryKey: agentStatusKey }), answer.code === CODE.ok ? null : qc.invalidateQueries({ queryKey: userKey })]);
    } catch {
      // a network failure: the client stays silent (spec), the form stays as typed
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {rejected && (
        <div className="agent-card agent-rejected" data-testid="agent-rejected">
          <CloseCircleFill className="agent-rejected-icon" />
          <div>
            <div className="agent-rejected-title">上次申请未通过</div>
            <div className="agent-rejected-reason" data-testid="agent-rejected-reason">
              原因：{rejected.reason}
            </div>
            <div className="agent-rejected-time">{rejected.reviewed_at} · 可修改后重新提交</div>
          </div>
        </div>
      )}
      <FieldErrorsScope errors={errors}>
        <div className="agent-card agent-form">
          <div className="agent-form-head">申请信息</div>
          <List className="agent-list">
            <List.Item prefix={<span className="agent-label">用户名</span>}>
              <span className="agent-readonly" data-testid="agent-username">
                {user?.username ?? ''}
              </span>
            </List.Item>
            <List.Item prefix={<span className="agent-label">真实姓名</span>}>
              <span className="agent-readonly" data-testid="agent-realname">
                {user?.realname || '未填写'}
              </span>
            </List.Item>
            <MobileField value={mobile} onChange={setMobile} />
          </List>
          <ReasonField value={reason} onChange={setReason} />
        </div>
      </FieldErrorsScope>
      <div className="agent-actions">
        <Button block shape="rounded" color="primary" className="agent-submit" loading={busy} disabled={busy} onClick={() => void submit()} data-testid="agent-submit">
          {rejected ? '重新提交申请' : '提交申请'}
        </Button>
        <p className="agent-note">提交后工作人员将尽快审核，结果以站内信通知。</p>
      </div>
    </>
  );
}

/** 手机号, its error under the input. */
function MobileField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const error = useFieldError('mobile', value);
  return (
    <List.Item className={error.message ? 'field-invalid' : undefined} prefix={<span className="agent-label">手机号</span>}>
      <Input ref={error.inputRef} className="agent-input" name="mobile" data-testid="agent-mobile" placeholder="请输入手机号" value={value} onChange={onChange} maxLength={LIMITS.mobileMax} type="tel" clearable />
      <FieldMessage error={error} />
    </List.Item>
  );
}

/** 申请理由 (apply_info), its error under the text area. */
function ReasonField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const error = useFieldError('apply_info', value);
  return (
    <div className="agent-reason">
      <div className="agent-label">申请理由</div>
      <TextArea
        ref={error.inputRef}
        className={`agent-textarea${error.message ? ' invalid' : ''}`}
        data-testid="agent-reason"
        placeholder="请简单介绍您的推广渠道与资源，例如社群、朋友圈等"
        value={value}
        onChange={onChange}
        maxLength={AGENT_LIMITS.applyInfoMax}
        showCount
        autoSize={{ minRows: 4, maxRows: 8 }}
      />
      <FieldMessage error={error} />
    </div>
  );
}
