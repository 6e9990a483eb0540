import { useState } from 'react';
import { Input, List } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { LIMITS } from '@app/contract';
import { FieldMessage, useFieldError } from '../../../shared/components/FieldErrors';

/** One password row of /password with its own show/hide toggle; its error under the input. */
export function PasswordField({ name, label, placeholder, value, onChange, maxLength = LIMITS.inputMaxLength }: { name: string; label: string; placeholder: string; value: string; onChange: (v: string) => void; maxLength?: number }) {
  const [visible, setVisible] = useState(false);
  const error = useFieldError(name, value);
  return (
    <List.Item
      className={error.message ? 'field-invalid' : undefined}
      prefix={<span className="password-label">{label}</span>}
      extra={
        <button type="button" className="password-eye" aria-label={visible ? '隐藏密码' : '显示密码'} onClick={() => setVisible((v) => !v)}>
          {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
        </button>
      }
    >
      <Input ref={error.inputRef} name={name} data-testid={`field-${name}`} type={visible ? 'text' : 'password'} placeholder={placeholder} value={value} onChange={onChange} maxLength={maxLength} autoComplete="off" clearable />
      <FieldMessage error={error} />
    </List.Item>
  );
}
