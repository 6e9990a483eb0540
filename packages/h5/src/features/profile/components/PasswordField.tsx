import { useState } from 'react';
import { Input, List } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { LIMITS } from '@app/contract';

/** One password row of /password with its own show/hide toggle. */
export function PasswordField({ name, label, placeholder, value, onChange, maxLength = LIMITS.inputMaxLength }: { name: string; label: string; placeholder: string; value: string; onChange: (v: string) => void; maxLength?: number }) {
  const [visible, setVisible] = useState(false);
  return (
    <List.Item
      prefix={<span className="password-label">{label}</span>}
      extra={
        <button type="button" className="password-eye" aria-label={visible ? '隐藏密码' : '显示密码'} onClick={() => setVisible((v) => !v)}>
          {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
        </button>
      }
    >
      <Input name={name} data-testid={`field-${name}`} type={visible ? 'text' : 'password'} placeholder={placeholder} value={value} onChange={onChange} maxLength={maxLength} autoComplete="off" clearable />
    </List.Item>
  );
}
