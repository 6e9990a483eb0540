import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import TextArea from 'antd-mobile/es/components/text-area';
import Toast from 'antd-mobile/es/components/toast';
import { CloseCircleFill } from 'antd-mobile-icons';
import { fmt, SERVICE_LIMITS, SERVICE_MSG, SERVICE_QUICK_QUESTIONS, serviceTextFailure, type ServiceChatState, type ServiceMessage, type ServiceServerFrame } from '@app/contract';
import { getToken } from '../../../shared/auth/storage';
import { forgetVisitorToken, visitorToken } from '../api';
import { useServiceSocket } from '../useServiceSocket';
import './chat.css';

/** A message the member typed that the server has not echoed yet. */
interface Pending {
  key: number;
  body: string;
  state: 'sending' | 'failed';
  at: string;
}

const hhmm = (t: string) => t.slice(11, 16);
const nowText = () => {
  const d = new Date(Date.now() + 8 * 3600_000);
  return d.toISOString().replace('T', ' ').slice(0, 19);
};
/** "今天 14:05" / "11-20 09:12": the time line shown above a message after a pause of 5 minutes. */
function timeLine(t: string): string {
  return t.slice(0, 10) === nowText().slice(0, 10) ? `今天 ${hhmm(t)}` : `${t.slice(5, 10)} ${hhmm(t)}`;
}
const gapMinutes = (a: string, b: string) => Math.abs(Date.parse(b.replace(' ', 'T')) - Date.parse(a.replace(' ', 'T'))) / 60_000;

/**
 * 在线客服, the built-in live chat: the member (by session) or a visitor (device token) and the support
 * staff, over /api/service/ws. History on opening, bubbles with times, a sending state per message,
 * reconnection, staff presence (with the leave-a-message notice when nobody is online). Every text is
 * rendered as text.
 */
export function LiveChat() {
  const member = getToken();
  const [query, setQuery] = useState<string | null>(member ? `_token=${encodeURIComponent(member)}` : null);
  const [state, setState] = useState<ServiceChatState | null>(null);
  const [messages, setMessages] = useState<ServiceMessage[]>([]);
  const [pending, setPending] = useState<Pending[]>([]);
  const [draft, setDraft] = useState('');
  const keyRef = useRef(0);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (member) return;
    let gone = false;
    visitorToken()
      .then((t) => !gone && setQuery(`visitor=${encodeURIComponent(t)}`))
      .catch(() => Toast.show({ content: '客服连接失败，请稍后再试' }));
    return () => {
      gone = true;
    };
  }, [member]);

  const onFrame = useCallback((f: ServiceServerFrame) => {
    if (f.type === 'state') {
      setState(f.state);
      setMessages(f.state.messages);
      // What was still on its way when the socket dropped arrives in the history, or was lost: show it as failed.
      setPending((p) => p.filter((x) => !f.state.messages.some((m) => m.sender === 'member' && m.body === x.body)).map((x) => ({ ...x, state: 'failed' as const })));
    } else if (f.type === 'message') {
      setMessages((list) => (list.some((m) => m.id === f.message.id) ? list : [...list, f.message]));
      if (f.message.sender === 'member') {
        setPending((p) => {
          const i = p.findIndex((x) => x.state === 'sending' && x.body === f.message.body);
          return i < 0 ? p : [...p.slice(0, i), ...p.slice(i + 1)];
        });
      }
      // A staff member's answer: they are online and receive this conversation.
      if (f.message.sender === 'staff') {
        const conversation = { id: f.message.conversation_id, state: 'open' as const, staff_name: f.message.staff_name };
        setState((s) => (s ? { ...s, online: true, conversation } : s));
      }
      if (f.message.sender === 'system' && f.message.body === SERVICE_MSG.closed) setState((s) => (s ? { ...s, conversation: null } : s));
    } else if (f.type === 'presence') {
      setState((s) => (s ? { ...s, online: f.online } : s));
    } else if (f.type === 'error') {
      setPending((p) => {
        const i = p.findIndex((x) => x.state === 'sending');
        return i < 0 ? p : p.map((x, j) => (j === i ? { ...x, state: 'failed' as const } : x));
      });
      Toast.show({ content: f.content });
    }
  }, []);

  const onRefused = useCallback(() => {
    if (member) return Toast.show({ content: SERVICE_MSG.needIdentity });
    forgetVisitorToken();
    void visitorToken().then((t) => setQuery(`visitor=${encodeURIComponent(t)}`));
  }, [member]);

  const { status, send, retry } = useServiceSocket(query, onFrame, onRefused);

  useLayoutEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages, pending, state?.online]);

  const submit = (text: string) => {
    const failure = serviceTextFailure(text);
    if (failure) return Toast.show({ content: failure });
    const body = text.trim();
    const key = ++keyRef.current;
    const sent = send(body);
    setPending((p) => [...p, { key, body, state: sent ? 'sending' : 'failed', at: nowText() }]);
    if (!sent) Toast.show({ content: '网络连接中断，请稍后重试' });
    setDraft('');
  };
  const resend = (p: Pending) => {
    setPending((list) => list.filter((x) => x.key !== p.key));
    submit(p.body);
  };

  const loading = !state;
  const online = state?.online ?? false;
  const count = [...draft.trim()].length;
  let last = '';

  return (
    <div className="kefu">
      <div className="kefu-status">
        <span className={`kefu-dot ${online ? 'on' : ''}`} />
        <span className="kefu-status-text">{status === 'open' || status === 'connecting' ? (online ? '客服在线' : '客服离线') : status === 'reconnecting' ? '连接中断，正在重连…' : '连接已断开'}</span>
        {status === 'stopped' ? (
          <button type="button" className="kefu-link" onClick={retry}>
            重新连接
          </button>
        ) : state?.conversation?.staff_name ? (
          <span className="kefu-agent">{fmt(SERVICE_MSG.claimed, { name: state.conversation.staff_name })}</span>
        ) : null}
      </div>
      {!loading && !online ? <div className="kefu-offline" role="status">{SERVICE_MSG.offline}</div> : null}
      <div className="kefu-list" ref={listRef} data-testid="kefu-list">
        {loading ? (
          <div className="kefu-loading"><DotLoading color="primary" /></div>
        ) : (
          <>
            <div className="kefu-row staff">
              <div className="kefu-avatar">客</div>
              <div className="kefu-col">
                <div className="kefu-name">在线客服</div>
                <div className="kefu-bubble">
                  {SERVICE_MSG.welcome}
                  {messages.length === 0 && pending.length === 0 ? (
                    <div className="kefu-quick">
                      {SERVICE_QUICK_QUESTIONS.map((q) => (
                        <button key={q} type="button" onClick={() => submit(q)}>
                          {q}
                        </button>
                      ))}
                    </div>
                  ) : null}
                </div>
              </div>
            </div>
            {messages.map((m) => {
              const showTime = !last || gapMinutes(last, m.created_at) >= 5;
              last = m.created_at;
              return (
                <div key={m.id}>
                  {showTime ? <div className="kefu-time">{timeLine(m.created_at)}</div> : null}
                  {m.sender === 'system' ? (
                    <div className="kefu-system">{m.body}</div>
                  ) : (
                    <div className={`kefu-row ${m.sender === 'member' ? 'mine' : 'staff'}`} data-testid={m.sender === 'member' ? 'kefu-mine' : 'kefu-staff'}>
                      {m.sender === 'staff' ? <div className="kefu-avatar">客</div> : null}
                      <div className="kefu-col">
                        {m.sender === 'staff' ? <div className="kefu-name">{m.staff_name ?? '客服'}</div> : null}
                        <div className="kefu-bubble">{m.body}</div>
                        <div className="kefu-meta">{hhmm(m.created_at)}</div>
                      </div>
                    </div>
                  )}
                </div>
              );
            })}
            {pending.map((p) => (
              <div key={`p${p.key}`} className="kefu-row mine" data-testid="kefu-pending">
                <div className="kefu-col">
                  <div className="kefu-bubble-line">
                    {p.state === 'sending' ? (
                      <DotLoading className="kefu-sending" />
                    ) : (
                      <button type="button" className="kefu-failed" aria-label="重新发送" onClick={() => resend(p)}>
                        <CloseCircleFill />
                      </button>
                    )}
                    <div className="kefu-bubble">{p.body}</div>
                  </div>
                  <div className="kefu-meta">{p.state === 'sending' ? '发送中' : '发送失败，点击重发'}</div>
                </div>
              </div>
            ))}
          </>
        )}
      </div>
      <div className="kefu-input">
        <TextArea
          className="kefu-textarea"
          placeholder={online ? '请输入您的问题…' : '请留言，客服上线后会尽快回复'}
          value={draft}
          onChange={setDraft}
          rows={1}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={SERVICE_LIMITS.maxChars}
          onEnterPress={(e) => {
            if (!e.shiftKey) {
              e.preventDefault();
              submit(draft);
            }
          }}
        />
        <button type="button" className="kefu-send" disabled={count === 0 || loading} onClick={() => submit(draft)} aria-label="发送">
          发送
        </button>
      </div>
      {count > SERVICE_LIMITS.maxChars - 50 ? <div className="kefu-count">{count}/{SERVICE_LIMITS.maxChars}</div> : null}
    </div>
  );
}
