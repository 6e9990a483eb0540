// A module of its own, not an object in shared/messages.ts: the bundler keeps a shared module whole, so only
// a separate file keeps these texts out of the member app's first paint.
/**
 * The payment password's own screen and its refusals (DESIGN §4, modules/user/pay-password.ts): apart
 * from MSG so the member app's first paint does not carry them (only /payPassword, the card and
 * withdrawal screens and the API read them). MSG.payPasswordWrong stays with the spec's texts.
 */
export const PAYPASS_MSG = {
  payPasswordLocked: '支付密码错误次数过多，请于 {time} 后再试',
  payPasswordLockedMailTitle: '支付密码已锁定',
  payPasswordLockedMailContent: '您的支付密码在{window}分钟内连续输错{count}次，已锁定至 {until}（北京时间），期间无法绑定银行卡或取款。如非本人操作，请立即修改登录密码和支付密码，并联系在线客服。',
  payPasswordNotSet: '请先设置支付密码',
  payPasswordMustReplace: '您的支付密码与登录密码相同，请先设置新的支付密码',
  payPasswordSameAsLogin: '支付密码不能与登录密码相同',
  loginPasswordSameAsPay: '登录密码不能与支付密码相同',
  payPasswordAlreadySet: '支付密码已设置，如需更改请前往修改支付密码',
  payPasswordSet: '支付密码设置成功',
  payPasswordLoginEmpty: '请输入登录密码',
  payPasswordLoginWrong: '登录密码错误',
  payPasswordNewEmpty: '请输入支付密码',
  payPasswordNewLength: '支付密码长度为{min}~{max}位',
  payPasswordConfirmEmpty: '请再次输入支付密码',
  payPasswordMismatch: '两次输入的支付密码不一致',
} as const;
