import { DotLoading } from 'antd-mobile';
import type { Captcha } from '@app/contract';

/** The server's captcha picture; a tap asks for a new one (spec §2 /reg2). */
export function CaptchaImage({ captcha, loading, onRefresh }: { captcha: Captcha | null; loading: boolean; onRefresh: () => void }) {
  return (
    <button type="button" className="auth-captcha" data-testid="captcha-refresh" aria-label="刷新验证码" onClick={onRefresh}>
      {captcha ? (
        <img data-testid="captcha-image" src={captcha.image} alt="验证码" />
      ) : (
        <span className="auth-captcha-empty">{loading ? <DotLoading /> : '点击获取'}</span>
      )}
    </button>
  );
}
