import { DotLoading } from 'antd-mobile';
import { CheckShieldOutline } from 'antd-mobile-icons';
import type { Captcha } from '@app/contract';
import { AuthField } from './AuthField';

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

/** The captcha row of the login and register forms: the answer, with the server's picture beside it. */
export function CaptchaField({ value, onChange, onEnter, captcha, loading, onRefresh }: { value: string; onChange: (v: string) => void; onEnter: () => void; captcha: Captcha | null; loading: boolean; onRefresh: () => void }) {
  return (
    <AuthField
      icon={<CheckShieldOutline />}
      name="code"
      placeholder="请输入验证码"
      value={value}
      onChange={onChange}
      onEnter={onEnter}
      suffix={<CaptchaImage captcha={captcha} loading={loading} onRefresh={onRefresh} />}
    />
  );
}
