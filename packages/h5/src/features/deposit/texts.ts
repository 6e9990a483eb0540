import type { UsdtNetwork } from '@app/contract';

/** Static copy of the deposit screens: the pay-method tiles and the /usdtmore explainer. */

export type DepositTab = 'bank' | 'usdt' | 'wechat' | 'alipay';

export const TAB_TEXTS: Record<DepositTab, { title: string; caption: string }> = {
  bank: { title: '银行卡转账', caption: '网银 / 手机银行' },
  usdt: { title: 'USDT', caption: '泰达币 · 推荐' },
  wechat: { title: '微信', caption: '扫码支付' },
  alipay: { title: '支付宝', caption: '扫码支付' },
};

/** Quick amounts (yuan) offered as chips; those outside the method's range are left out. */
export const QUICK_AMOUNTS = [100, 200, 500, 1000, 2000, 5000, 10000, 20000] as const;

export const NETWORK_TEXTS: Record<UsdtNetwork, { chain: string; hint: string }> = {
  TRC20: { chain: '波场 TRON', hint: '手续费低 · 到账快' },
  ERC20: { chain: '以太坊 Ethereum', hint: '主流交易所通用' },
};

export const USDT_MORE = {
  title: 'USDT协议说明',
  intro:
    'USDT（泰达币）是与美元 1:1 锚定的稳定币，可以在多条区块链网络上流通。本平台支持 TRC20 与 ERC20 两种协议，存款和提现时请确保所选协议与钱包地址一致。',
  columns: ['TRC20', 'ERC20'] as const,
  rows: [
    { label: '所属网络', values: ['波场 TRON', '以太坊 Ethereum'] },
    { label: '地址格式', values: ['以大写字母 T 开头，共 34 位', '以 0x 开头，共 42 位'] },
    { label: '地址示例', values: ['TQn9Y2…KcbLSE', '0x5aAe…1BeAed'] },
    { label: '网络手续费', values: ['极低，通常不到 1 USDT', '较高，随以太坊网络拥堵波动'] },
    { label: '到账速度', values: ['快，通常 1–3 分钟', '较慢，通常 5–30 分钟'] },
    { label: '适合场景', values: ['日常存取款，推荐使用', '钱包或交易所只支持 ERC20 时'] },
  ],
  tips: [
    '协议必须一致：TRC20 地址只能收 TRC20-USDT，ERC20 地址只能收 ERC20-USDT，选错协议转出的资产将无法找回。',
    '请按订单显示的 USDT 数量足额转账，少转会导致无法自动匹配订单。',
    '转账完成后请在订单有效期（60 分钟）内点击“我已付款”，到账时间以区块确认为准。',
    '提现到 USDT 地址时，平台按所选协议收取网络手续费，TRC20 手续费更低。',
  ],
  how: [
    { title: '选择协议', text: '在存款页选择 TRC20 或 ERC20' },
    { title: '复制地址', text: '复制订单页的收款地址或扫码' },
    { title: '钱包转账', text: '在钱包或交易所按数量转出' },
    { title: '等待到账', text: '区块确认后自动到账' },
  ],
} as const;
