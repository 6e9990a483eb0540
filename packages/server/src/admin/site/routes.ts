import { SITE_ADMIN_LIMITS as L, SITE_ADMIN_MSG } from '@app/contract';
import { siteMaintenanceSchema, siteSettingsSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';
import { adminSiteSettings, saveSiteSettings, setMaintenance } from '../../modules/site/editing.js';

/** 站点设置: the site settings and the maintenance switch; /api/app serves them at once. */
export const siteRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/site/settings',
    tag: '站点设置',
    summary: '站点设置：settings 为可编辑的设置（站点名称、Logo、红包开关、首页弹窗及内容、客服/跳转/赞助页/H5地址、APP下载地址与二维码、USDT 存提汇率（元/USDT）与 ERC20/TRC20 手续费（USDT）、允许嵌入的域名），maintenance 为维护模式 {on, repair_tips}，updated_at 为最后保存时间（北京时间）',
    access: 'site.read',
    handler: async ({ app }) => ok(await adminSiteSettings(app.kdb)),
  }),
  route({
    method: 'POST',
    path: '/site/settings',
    tag: '站点设置',
    summary: `保存站点设置（字段同 GET 的 settings，全部提交）：站点名称1~${L.titleMax}个字符；Logo 与下载二维码为 POST /uploads 返回的 url（或 /assets/ 下的站内图片，二维码可为空）；链接为 http(s) 地址或以 / 开头的站内路径（最多${L.urlMax}个字符；跳转地址与下载地址可为空）；客服链接与赞助页面为外部地址时须为 https 且域名在 frame_hosts 中；开启首页弹窗时须填写内容（HTML，保存时按白名单净化）；汇率大于0、手续费不小于0，最多${L.rateDecimals}位小数；frame_hosts 为域名（可带端口，不带协议与路径，最多${L.frameHostsMax}个）。保存后会员端（/api/app、用户信息）与 CSP frame-src 即时生效`,
    access: 'site.manage',
    body: siteSettingsSchema,
    audits: ['site.settings'],
    handler: async ({ app, req, staff, body }) => ok(await saveSiteSettings(app.kdb, actorOf(req, staff), body as never), SITE_ADMIN_MSG.saved),
  }),
  route({
    method: 'POST',
    path: '/site/maintenance',
    tag: '站点设置',
    summary: `维护模式 {on, repair_tips}：on 为 true 时会员端接口返回 503 与维护提示（/api/app 照常），false 时恢复；repair_tips 1~${L.repairTipsMax}个字符`,
    access: 'site.manage',
    body: siteMaintenanceSchema,
    audits: ['site.maintenance'],
    handler: async ({ app, req, staff, body }) =>
      ok(await setMaintenance(app.kdb, actorOf(req, staff), body), body.on ? SITE_ADMIN_MSG.maintenanceOn : SITE_ADMIN_MSG.maintenanceOff),
  }),
];
