import { MSG, CODE, isBuiltInService } from '@app/contract';
import { ok, envelope } from '../../http/envelope.js';
import { memberRoute, type MemberRoute } from '../../http/member-route.js';
import { appInfoOf, getSettings } from './service.js';

const TAG = '站点';

export const siteRoutes: MemberRoute[] = [
  memberRoute({
    method: 'POST',
    path: '/app',
    tag: TAG,
    summary: '应用信息：站点名称、标志、功能开关等设置（应用启动时首先读取）',
    access: 'public',
    // The app info is what the H5 app reads first, so it answers even in maintenance.
    maintenanceExempt: true,
    handler: async ({ app }) => ok(appInfoOf(await getSettings(app.kdb))),
  }),
  memberRoute({
    method: 'POST',
    path: '/getservicerurl',
    tag: TAG,
    summary: '外部客服页面地址；使用内置在线客服时为空串',
    access: 'public',
    // An external service page to frame; '' for the built-in live chat (/kefu, modules/service-chat).
    handler: async ({ app }) => {
      const { serviceUrl } = await getSettings(app.kdb);
      return ok({ url: isBuiltInService(serviceUrl) ? '' : serviceUrl });
    },
  }),
  memberRoute({
    method: 'GET',
    path: '/getVisitUrl',
    tag: TAG,
    summary: '访问地址（未设置时 code 500、message local、data.url 为空串）',
    access: 'public',
    handler: async ({ app }) => {
      const { visitUrl } = await getSettings(app.kdb);
      return visitUrl ? ok({ url: visitUrl }) : envelope(CODE.internal, MSG.visitLocal, { url: '' });
    },
  }),
];
