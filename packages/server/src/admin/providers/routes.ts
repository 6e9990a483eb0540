import { GAME_CATEGORY_LABELS, PROVIDER_LIMITS, PROVIDER_MODE_LABELS, PROVIDER_MSG, PROVIDER_STATE_DONE, PROVIDER_STATE_LABELS } from '@app/contract';
import { newProviderSchema, providerEditSchema, providerParams, providerRotateSchema, providerStateSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { audited } from '../../modules/audit/service.js';
import { addProvider, editProvider, listAdminProviders, rotateProviderKeyByStaff, setProviderState, type ProviderAudit } from '../../modules/providers/console.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';

const TAG = '游戏供应商';
const labels = (o: Record<string, string>) => Object.entries(o).map(([k, l]) => `${k} ${l}`).join('、');
const KEY_ONCE = '密钥只在本次应答的 data.key 中完整出现一次，之后只显示掩码（****后四位）';
const EDIT_FIELDS = `name 名称1~${PROVIDER_LIMITS.nameMax}个字符，base_url 接口地址（http(s)://…，转账钱包必填），timeout_ms 超时${PROVIDER_LIMITS.timeoutMinMs}~${PROVIDER_LIMITS.timeoutMaxMs}毫秒，categories 游戏分类（${labels(GAME_CATEGORY_LABELS)}）`;
const target = (code: string) => `provider:${code}`;

/**
 * 游戏供应商: the providers the platform reaches (transfer wallet) or is reached by (seamless wallet),
 * their keys (masked; whole only in the answer that made one) and how their calls go. Each change is
 * made and audited by the providers module (modules/providers/console.ts).
 */
export const providerRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/providers',
    tag: TAG,
    summary: `游戏供应商列表（按代码）：mode 接入方式（${labels(PROVIDER_MODE_LABELS)}），state 状态（${labels(PROVIDER_STATE_LABELS)}），key 当前密钥掩码，previous_key / previous_key_until 轮换后旧密钥的掩码与其失效时间（仅在保留期内），venues 所属场馆，health 最近5分钟与最近1小时的调用次数、每分钟调用、错误率、p99 耗时（毫秒）与最近一次失败`,
    access: 'providers.read',
    handler: async ({ app }) => ok(await listAdminProviders(app.kdb)),
  }),
  route({
    method: 'POST',
    path: '/providers',
    tag: TAG,
    summary: `新增游戏供应商：code 代码2~${PROVIDER_LIMITS.codeMax}位字母、数字或下划线，mode 接入方式（transfer 或 seamless），merchant_id 商户号，key 供应商提供的密钥（${PROVIDER_LIMITS.keyMin}~${PROVIDER_LIMITS.keyMax}位可见字符；留空由平台生成），venues 场馆 [{code, name, enabled}]（1~${PROVIDER_LIMITS.venuesMax}个，创建为该供应商的场馆），${EDIT_FIELDS}。${KEY_ONCE}`,
    access: 'providers.manage',
    body: newProviderSchema,
    audits: ['provider.create'],
    handler: async ({ app, req, staff, body }) => {
      const made = await addProvider(app.kdb, body, audited<ProviderAudit | null>(actorOf(req, staff), 'provider.create', target(body.code.trim())));
      app.venues.forgetVenues();
      return ok(made, PROVIDER_MSG.created);
    },
  }),
  route({
    method: 'POST',
    path: '/providers/:code',
    tag: TAG,
    summary: `修改游戏供应商：${EDIT_FIELDS}（代码、接入方式、商户号不可修改；密钥请用轮换）`,
    access: 'providers.manage',
    params: providerParams,
    body: providerEditSchema,
    audits: ['provider.update'],
    handler: async ({ app, req, staff, params, body }) => {
      const after = await editProvider(app.kdb, params.code, body, audited<ProviderAudit | null>(actorOf(req, staff), 'provider.update', target(params.code)));
      app.venues.forgetVenues();
      return ok(after, PROVIDER_MSG.saved);
    },
  }),
  route({
    method: 'POST',
    path: '/providers/:code/state',
    tag: TAG,
    summary: `切换游戏供应商状态：state ${labels(PROVIDER_STATE_LABELS)}（维护中：无缝钱包拒绝下注、其余照常；关闭：拒绝该供应商的一切调用）`,
    access: 'providers.manage',
    params: providerParams,
    body: providerStateSchema,
    audits: ['provider.state'],
    handler: async ({ app, req, staff, params, body }) => {
      const after = await setProviderState(app.kdb, params.code, body.state, audited<ProviderAudit | null>(actorOf(req, staff), 'provider.state', target(params.code)));
      app.venues.forgetVenues();
      return ok(after, PROVIDER_STATE_DONE[after.state]);
    },
  }),
  route({
    method: 'POST',
    path: '/providers/:code/rotate-key',
    tag: TAG,
    summary: `轮换密钥：overlap_hours 旧密钥继续有效的小时数（0~${PROVIDER_LIMITS.overlapMaxHours}，默认${PROVIDER_LIMITS.overlapDefaultHours}），key 供应商提供的新密钥（留空由平台生成）。保留期内新旧密钥签名的请求均被接受，之后只接受新密钥。${KEY_ONCE}`,
    access: 'providers.manage',
    params: providerParams,
    body: providerRotateSchema,
    audits: ['provider.rotate_key'],
    handler: async ({ app, req, staff, params, body }) => {
      const made = await rotateProviderKeyByStaff(app.kdb, params.code, body, audited<ProviderAudit | null>(actorOf(req, staff), 'provider.rotate_key', target(params.code)));
      app.venues.forgetVenues();
      return ok(made, PROVIDER_MSG.rotated);
    },
  }),
];
