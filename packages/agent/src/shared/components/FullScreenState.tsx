import type { ReactNode } from 'react';
import { Button, Result } from 'antd';

/** Where the member app lives: the frame's parent, else this site's root (hash routes). */
function backToMemberApp(): void {
  const target = '/#/mine';
  try {
    if (window.top && window.top !== window) {
      window.top.location.href = target;
      return;
    }
  } catch {
    // a cross-origin parent: leave this frame alone
  }
  window.location.href = target;
}

/**
 * A state that takes the whole screen and offers no retry: the ticket was bad, the session ended, the
 * agent left. The way back is the member app's 代理登录.
 */
export function FullScreenState({ status, title, message, testId, extra }: { status: 'warning' | 'info' | 'error' | 'success'; title: string; message: string; testId: string; extra?: ReactNode }) {
  return (
    <div className="portal-fullscreen" data-testid={testId}>
      <Result
        status={status}
        title={title}
        subTitle={<span data-testid="fullscreen-message">{message}</span>}
        extra={
          extra ?? (
            <Button type="primary" size="large" onClick={backToMemberApp}>
              返回会员中心
            </Button>
          )
        }
      />
    </div>
  );
}
