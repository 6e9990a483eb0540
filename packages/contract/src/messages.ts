/**
 * The one catalogue of user-facing Chinese texts shared by the server and every client.
 * Texts quoted by the product spec are kept byte for byte (including its typos such as 请输人).
 */
export const MSG = {
  // generic
  ok: '操作成功',
  badRequest: '请求参数错误',
  badJson: '请求格式错误',
  bodyTooLarge: '请求内容过大',
  notFound: '请求的资源不存在',
  internal: '服务器繁忙，请稍后再试',
  tooManyRequests: '操作过于频繁，请稍后再试',
  conflict: '已处理',
  forbidden: '无权执行此操作',
  // session
  notLoggedIn: '请登录！',
  sessionExpired: '身份验证失败，您的登录已过期，请重新登录',
  loginRequiredConfirm: '精彩内容等你来体验，快来登录吧！',
  loginFields: '请输入您的账号和密码！',
  loginWrong: '账号或密码错误',
  loginLocked: '登录失败次数过多，账号已锁定，请{minutes}分钟后再试',
  loginSuccess: '登录成功',
  logoffSuccess: '退出成功',
  trialRefused: '试玩账号不支持此操作',
  trialUnavailable: '试玩账号暂不可用',
  accountDisabled: '账号已被停用，请联系客服',
  // registration (spec §5, checked in this order)
  regUsername: '用户名长度6~16位，以字母或数字组合！',
  regPassword: '请输入正确的密码长度，最少6位！',
  regConfirm: '两次密码不一致！',
  regCaptchaEmpty: '请输入验证码！',
  regCaptchaWrong: '验证码错误！',
  regUsernameTaken: '用户名已存在',
  regInviterUnknown: '推荐人不存在',
  regFailed: '注册失败',
  regSuccess: '注册成功',
  regPayPassword: '请输人支付密码长度',
  welcomeMailTitle: '欢迎加入{site}',
  welcomeMailContent: '尊敬的{name}，欢迎您加入{site}！祝您游戏愉快。如有任何疑问，请随时联系在线客服。',
  // profile
  mobileInvalid: '请输入正确手机号',
  emailInvalid: '请输入正确邮箱号',
  birthdayInvalid: '请输入正确的日期格式：YYYY-MM-DD',
  birthdayRange: '生日不能早于1980-01-01或晚于今天',
  avatarType: '头像仅支持GIF或PNG图片',
  avatarTooLarge: '头像图片不能超过{kb}KB',
  avatarMissing: '请选择头像图片',
  // password
  oldPasswordEmpty: '请输入旧密码',
  newPasswordEmpty: '请输入新密码',
  oldPasswordLength: '请输入正确的旧密码长度',
  newPasswordLength: '请输入正确的新密码长度',
  confirmPasswordEmpty: '请输入确认密码',
  passwordMismatch: '两次密码不一致！',
  passwordSame: '新旧密码不能一致！',
  oldPasswordWrong: '旧密码错误',
  passwordChanged: '密码修改成功！',
  // cards (spec §5 USDT binding and bank card binding, checked in the spec's order)
  usdtAddressEmpty: '请输入USDT地址',
  usdtNetworkEmpty: '请选择钱包协议',
  usdtAddressInvalid: '请输入正确的USDT地址',
  cardHolderEmpty: '请输入姓名',
  cardBankEmpty: '请输入银行',
  cardBranchEmpty: '请输入开户行地址',
  cardNumberEmpty: '请输人银行卡号',
  cardPayPasswordEmpty: '请输人支付密码',
  cardNumberLength: '请输人正确的卡号长度',
  cardNumberInvalid: '请输入正确的银行卡号',
  cardPayPasswordLength: '请输人支付密码长度',
  payPasswordWrong: '支付密码错误',
  cardLimit: '最多只能绑定{max}张',
  cardDuplicate: '该卡号已绑定',
  cardMissing: '卡片不存在',
  cardBound: '绑定成功',
  cardUnbound: '解绑成功',
  // navigation
  alreadyHere: '已在当前页面！',
  redpacketClosed: '红包已关闭',
  maintenance: '系统维护中',
  // content
  activityMissing: '活动不存在',
  articleMissing: '文章不存在',
  messageMissing: '消息不存在',
  visitLocal: 'local',
  // toasts
  downloadUnavailable: '暂未提供下载地址，请联系在线客服',
  downloadStarted: '正在为您下载…',
  copySuccess: '复制成功！',
  copyFail: '复制链接失败',
  linkCopied: '链接已复制到剪贴板',
  empty: '空空如也',
  noMore: '没有更多了',
} as const;

export type MessageKey = keyof typeof MSG;

/** Fills `{name}` placeholders of a catalogue text. */
export function fmt(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));
}
