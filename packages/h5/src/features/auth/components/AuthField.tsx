import { useState, type ReactNode } from 'react';
import { Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { LIMITS } from '@app/contract';
import { FieldMessage, useFieldError } from '../../../shared/components/FieldErrors';

interface Props {
  icon: ReactNode;
  name: string;
  placeholder: string;
  value: string;
  onChange: (v: string) => void;
  password?: boolean;
  suffix?: ReactNode;
  onEnter?: () => void;
  autoComplete?: string;
}

/** One rounded input row of the login and register cards: icon, input, optional suffix; its error under it. */
export function AuthField({ icon, name, placeholder, value, onChange, password, suffix, onEnter, autoComplete }: Props) {
  const [visible, setVisible] = useState(false);
  const error = useFieldError(name, value);
  return (
    <div className="auth-field-wrap">
      <div className={`auth-field${error.message ? ' invalid' : ''}`}>
        <span className="auth-field-icon">{icon}</span>
        <Input
          ref={error.inputRef}
          className="auth-field-input"
          name={name}
          data-testid={`field-${name}`}
          type={password && !visible ? 'password' : 'text'}
          placeholder={placeholder}
          value={value}
          onChange={(v) => onChange(password ? v : v.trim())}
          maxLength={LIMITS.inputMaxLength}
          clearable
          autoComplete={autoComplete ?? 'off'}
          onEnterPress={onEnter}
        />
        {password && (
          <button type="button" className="auth-field-eye" aria-label={visible ? '隐藏密码' : '显示密码'} data-testid={`eye-${name}`} onClick={() => setVisible((v) => !v)}>
            {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
          </button>
        )}
        {suffix}
      </div>
      <FieldMessage error={error} />
    </div>
  );
}
