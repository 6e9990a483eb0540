import { describe, expect, it } from 'vitest';
import {
  agentApplyRules,
  bankCardRules,
  bindCardRules,
  depositBankRules,
  firstFailure,
  firstFieldFailure,
  loginRules,
  MSG,
  passwordRules,
  payPasswordRules,
  profileRules,
  registerRules,
  setPayPasswordRules,
  transferRules,
  usdtCardRules,
  withdrawRules,
  type Rule,
} from '@app/contract';

// A rule names the field its message is about, so the member app can show the
// message under that field as well as in the toast; the message and the order stay the spec's.

describe('firstFieldFailure', () => {
  const register = (v: Partial<{ name: string; password: string; confirmPass: string; code: string }>) =>
    firstFieldFailure({ name: 'abcdef1', password: 'secret123', confirmPass: 'secret123', code: 'x', ...v }, registerRules);

  it('answers the first failing rule with the field it names, in the spec order', () => {
    expect(register({ name: 'abc', password: '1' })).toEqual({ message: MSG.regUsername, field: 'name' });
    expect(register({ password: '1' })).toEqual({ message: MSG.regPassword, field: 'password' });
    expect(register({ code: '' })).toEqual({ message: MSG.regCaptchaEmpty, field: 'code' });
    expect(register({})).toBeNull();
  });

  it('names the second field of a rule about two (两次密码不一致！ on the confirmation)', () => {
    expect(register({ confirmPass: 'secret124' })).toEqual({ message: MSG.regConfirm, field: 'confirmPass' });
    expect(firstFieldFailure({ password: 'secret123', paypassword: 'newpass1', confirm: 'newpass2' }, passwordRules)).toEqual({ message: MSG.passwordMismatch, field: 'confirm' });
  });

  it('names the first empty field for 请输入您的账号和密码！ and none for 账号或密码错误', () => {
    expect(firstFieldFailure({ name: '', password: '' }, loginRules)).toEqual({ message: MSG.loginFields, field: 'name' });
    expect(firstFieldFailure({ name: 'someone1', password: '' }, loginRules)).toEqual({ message: MSG.loginFields, field: 'password' });
    expect(firstFieldFailure({ name: 'x'.repeat(17), password: 'secret123' }, loginRules)).toEqual({ message: MSG.loginWrong, field: null });
  });

  it('keeps the fields through the combined bind-card list', () => {
    const input = { bank: '招商银行', bank_owner: '张三丰', bank_address: '深圳分行', bank_no: '6214 83', pay_pass: 'paysecret88' };
    expect(firstFieldFailure(input, bindCardRules)).toEqual({ message: MSG.cardNumberLength, field: 'bank_no' });
    expect(firstFieldFailure({ ...input, bank: 'USDT', bank_owner: 'TRC20', bank_no: '' }, bindCardRules)).toEqual({ message: MSG.usdtAddressEmpty, field: 'bank_no' });
  });

  it('answers firstFailure with the same message', () => {
    const cases: [unknown, readonly Rule<never>[]][] = [
      [{ name: 'abc', password: '', confirmPass: '', code: '' }, registerRules],
      [{ name: '', password: 'x' }, loginRules],
      [{ type: 1, bank: '', amount: '', password: '' }, withdrawRules],
      [{ amount: '', sourcetype: '', targettype: '' }, transferRules],
    ];
    for (const [value, rules] of cases) expect(firstFailure(value as never, rules)).toBe(firstFieldFailure(value as never, rules)?.message ?? null);
  });
});

describe('the member forms’ rules', () => {
  const lists: [string, readonly Rule<never>[]][] = [
    ['registerRules', registerRules],
    ['profileRules', profileRules],
    ['passwordRules', passwordRules],
    ['payPasswordRules', payPasswordRules],
    ['setPayPasswordRules', setPayPasswordRules],
    ['usdtCardRules', usdtCardRules],
    ['bankCardRules', bankCardRules],
    ['depositBankRules', depositBankRules],
    ['withdrawRules', withdrawRules],
    ['transferRules', transferRules],
    ['agentApplyRules', agentApplyRules],
  ];
  it.each(lists)('%s names a field for every rule', (_name, rules) => {
    expect(rules.filter(([, , field]) => field === undefined).map(([, message]) => message)).toEqual([]);
  });
});
