import { MSG, ROLE_LABELS, type Captcha, ROLE_PERMISSIONS, type StaffLoginResult, type StaffMe, type StaffRole, ADMIN_MSG } from '@app/contract';
import { idParams, ownPasswordSchema, staffCreateSchema, staffLoginSchema, staffPasswordSchema, staffRoleSchema, staffStateSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { issueCaptcha } from '../../modules/auth/captcha.js';
import { loginPolicy } from '../../modules/auth/login-guard.js';
import { writeAudit } from '../audit/service.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';
import { changeOwnPassword, createStaff, listStaff, loginStaff, resetStaffPassword, setStaffRole, setStaffState } from './service.js';
import { revokeStaffSession } from './sessions.js';

/** Staff sign-in and the staff accounts themselves. */
export const staffRoutes: AdminRoute[] = [
  route({
    method: 'POST',
    path: '/login',
    tag: '登录',
    summary: '员工登录，返回 token（Authorization: Bearer）；同一用户名连续失败后，下次登录需带图形验证码（captcha_id, code；data.captcha_required = 1 时）',
    access: 'public',
    body: staffLoginSchema,
    audits: ['staff.login'],
    rateLimit: 'login',
    handler: async ({ app, req, body }) => ok<StaffLoginResult>({ token: await loginStaff(app.kdb, loginPolicy(app.config), body, req.ip) }, MSG.loginSuccess),
  }),
  route({
    method: 'POST',
    path: '/captcha',
    tag: '登录',
    summary: '图形验证码（captcha_id, image），登录要求验证码时使用；单次有效，5 分钟过期',
    access: 'public',
    rateLimit: 'captcha',
    handler: async ({ app }) => ok<Captcha>(await issueCaptcha(app.kdb)),
  }),
  route({
    method: 'POST',
    path: '/logout',
    tag: '登录',
    summary: '退出登录（结束本次会话）',
    access: 'staff',
    audits: ['staff.logout'],
    handler: async ({ app, req, staff }) => {
      await revokeStaffSession(app.kdb, staff.tokenHash);
      await writeAudit(app.kdb, actorOf(req, staff), 'staff.logout', `staff:${staff.id}`, null, null);
      return ok(null, MSG.logoffSuccess);
    },
  }),
  route({
    method: 'GET',
    path: '/me',
    tag: '登录',
    summary: '当前员工：用户名、角色与权限',
    access: 'staff',
    handler: async ({ staff }) =>
      ok<StaffMe>({ id: staff.id, username: staff.username, role: staff.role, role_label: ROLE_LABELS[staff.role], permissions: [...ROLE_PERMISSIONS[staff.role]] }),
  }),
  route({
    method: 'POST',
    path: '/password',
    tag: '登录',
    summary: '修改本人密码（old_password, password）；本人其他会话随之结束',
    access: 'staff',
    body: ownPasswordSchema,
    audits: ['staff.own_password'],
    handler: async ({ app, req, staff, body }) => {
      await changeOwnPassword(app.kdb, actorOf(req, staff), body.old_password, body.password, staff.tokenHash);
      return ok(null, MSG.passwordChanged);
    },
  }),
  route({
    method: 'GET',
    path: '/staff',
    tag: '员工管理',
    summary: '员工列表',
    access: 'staff.manage',
    handler: async ({ app }) => ok(await listStaff(app.kdb)),
  }),
  route({
    method: 'POST',
    path: '/staff',
    tag: '员工管理',
    summary: '新增员工（username, password, role）',
    access: 'staff.manage',
    body: staffCreateSchema,
    audits: ['staff.create'],
    handler: async ({ app, req, staff, body }) =>
      ok(await createStaff(app.kdb, actorOf(req, staff), { username: body.username, password: body.password, role: body.role as StaffRole }), ADMIN_MSG.staffCreated),
  }),
  route({
    method: 'POST',
    path: '/staff/:id/password',
    tag: '员工管理',
    summary: '重置员工密码（同时解除锁定并结束其全部会话）',
    access: 'staff.manage',
    params: idParams,
    body: staffPasswordSchema,
    audits: ['staff.password'],
    handler: async ({ app, req, staff, params, body }) => {
      await resetStaffPassword(app.kdb, actorOf(req, staff), params.id, body.password);
      return ok(null, ADMIN_MSG.staffPasswordReset);
    },
  }),
  route({
    method: 'POST',
    path: '/staff/:id/role',
    tag: '员工管理',
    summary: '修改员工角色（不能修改自己）',
    access: 'staff.manage',
    params: idParams,
    body: staffRoleSchema,
    audits: ['staff.role'],
    handler: async ({ app, req, staff, params, body }) => ok(await setStaffRole(app.kdb, actorOf(req, staff), params.id, body.role as StaffRole), ADMIN_MSG.saved),
  }),
  route({
    method: 'POST',
    path: '/staff/:id/state',
    tag: '员工管理',
    summary: '启用（1）或停用（0）员工；停用即结束其全部会话（不能停用自己）',
    access: 'staff.manage',
    params: idParams,
    body: staffStateSchema,
    audits: ['staff.state'],
    handler: async ({ app, req, staff, params, body }) => ok(await setStaffState(app.kdb, actorOf(req, staff), params.id, body.state), ADMIN_MSG.saved),
  }),
];
