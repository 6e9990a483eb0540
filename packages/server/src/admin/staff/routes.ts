import { MSG, ROLE_LABELS, STAFF_NAME_MSG, type Captcha, ROLE_PERMISSIONS, STAFF_2FA_MSG, STAFF_PASSWORD_CHANGE_MSG, totpDue, type StaffLoginResult, type StaffMe, type StaffRole, type StaffSecurity, type StaffTotpSetup, ADMIN_MSG } from '@app/contract';
import { idParams, ownPasswordSchema, staffCreateSchema, staffDisplayNameSchema, staffLoginSchema, staffPasswordSchema, staffRoleSchema, staffSecuritySchema, staffStateSchema, totpCodeSchema, totpDisableSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { issueCaptcha } from '../../modules/auth/captcha.js';
import { loginPolicy } from '../../modules/auth/login-guard.js';
import { changeOwnPassword, createStaff, listStaff, loginStaff, logoutStaff, resetStaffPassword, setStaffDisplayName, setStaffRole, setStaffState } from '../../modules/staff/service.js';
import { beginTotp, disableTotp, enableTotp, getStaffSecurity, resetTotp, setStaffSecurity } from '../../modules/staff/totp.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';

/** Staff sign-in and the staff accounts themselves. */
export const staffRoutes: AdminRoute[] = [
  route({
    method: 'POST',
    path: '/login',
    tag: '登录',
    summary: '员工登录，返回 token（Authorization: Bearer）；同一用户名连续失败后，下次登录需带图形验证码（captcha_id, code；data.captcha_required = 1 时）；开启两步验证的员工需带 otp（6位验证码；未带时答 data.otp_required = 1）',
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
    beforeTotp: true,
    beforePasswordChange: true,
    audits: ['staff.logout'],
    handler: async ({ app, req, staff }) => {
      await logoutStaff(app.kdb, actorOf(req, staff), staff.tokenHash);
      return ok(null, MSG.logoffSuccess);
    },
  }),
  route({
    method: 'GET',
    path: '/me',
    tag: '登录',
    summary: '当前员工：用户名、角色与权限；两步验证是否开启（totp_enabled），系统是否要求其先开启（totp_due：此时只能访问开启两步验证所需的接口）',
    access: 'staff',
    beforeTotp: true,
    beforePasswordChange: true,
    handler: async ({ app, staff }) =>
      ok<StaffMe>({
        id: staff.id,
        username: staff.username,
        role: staff.role,
        role_label: ROLE_LABELS[staff.role],
        permissions: [...ROLE_PERMISSIONS[staff.role]],
        totp_enabled: staff.totpEnabled,
        totp_due: totpDue(staff.role, (await getStaffSecurity(app.kdb)).totp_required, staff.totpEnabled),
        password_change_due: staff.passwordChangeDue,
      }),
  }),
  route({
    method: 'POST',
    path: '/2fa/setup',
    tag: '登录',
    summary: '开始设置两步验证：生成新密钥（secret，base32）与 otpauth:// 链接（uri，供身份验证器扫码）；用 /2fa/enable 提交首个验证码后生效',
    access: 'staff',
    beforeTotp: true,
    handler: async ({ app, staff }) => ok<StaffTotpSetup>(await beginTotp(app.kdb, staff)),
  }),
  route({
    method: 'POST',
    path: '/2fa/enable',
    tag: '登录',
    summary: '开启两步验证（code：身份验证器上的6位验证码）；之后登录需同时提交 otp',
    access: 'staff',
    beforeTotp: true,
    body: totpCodeSchema,
    audits: ['staff.2fa_enable'],
    handler: async ({ app, req, staff, body }) => {
      await enableTotp(app.kdb, actorOf(req, staff), body.code);
      return ok(null, STAFF_2FA_MSG.enabled);
    },
  }),
  route({
    method: 'POST',
    path: '/2fa/disable',
    tag: '登录',
    summary: '关闭两步验证（password 与 code 均须正确）；系统要求本角色开启时不能关闭',
    access: 'staff',
    body: totpDisableSchema,
    audits: ['staff.2fa_disable'],
    handler: async ({ app, req, staff, body }) => {
      await disableTotp(app.kdb, { ...actorOf(req, staff), role: staff.role }, body.password, body.code);
      return ok(null, STAFF_2FA_MSG.disabled);
    },
  }),
  route({
    method: 'GET',
    path: '/security',
    tag: '员工管理',
    summary: '员工安全设置：totp_required 为真时，超级管理员与财务须开启两步验证',
    access: 'staff.manage',
    handler: async ({ app }) => ok<StaffSecurity>(await getStaffSecurity(app.kdb)),
  }),
  route({
    method: 'POST',
    path: '/security',
    tag: '员工管理',
    summary: '修改员工安全设置（totp_required）；开启后未设置两步验证的超级管理员与财务只能先完成设置',
    access: 'staff.manage',
    body: staffSecuritySchema,
    audits: ['staff.security'],
    handler: async ({ app, req, staff, body }) => ok(await setStaffSecurity(app.kdb, actorOf(req, staff), body), STAFF_2FA_MSG.securitySaved),
  }),
  route({
    method: 'POST',
    path: '/password',
    tag: '登录',
    summary: '修改本人密码（old_password, password）；本人其他会话随之结束。新建或被重置密码的员工（及首次启动生成的 admin 密码）须先修改，修改前其他接口均答 403',
    access: 'staff',
    beforeTotp: true,
    beforePasswordChange: true,
    body: ownPasswordSchema,
    audits: ['staff.own_password'],
    handler: async ({ app, req, staff, body }) => {
      await changeOwnPassword(app.kdb, actorOf(req, staff), body.old_password, body.password, staff.tokenHash);
      return ok(null, staff.passwordChangeDue ? STAFF_PASSWORD_CHANGE_MSG.done : MSG.passwordChanged);
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
    summary: '新增员工（username, password, role, display_name）；password 为初始密码，员工首次登录后须先修改；display_name 为会员看到的名称（在线客服），留空则为“客服+编号”',
    access: 'staff.manage',
    body: staffCreateSchema,
    audits: ['staff.create'],
    handler: async ({ app, req, staff, body }) =>
      ok(await createStaff(app.kdb, actorOf(req, staff), { username: body.username, password: body.password, role: body.role as StaffRole, displayName: body.display_name }), ADMIN_MSG.staffCreated),
  }),
  route({
    method: 'POST',
    path: '/staff/:id/password',
    tag: '员工管理',
    summary: '重置员工密码（同时解除锁定并结束其全部会话）；该员工下次登录后须先修改',
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
    path: '/staff/:id/2fa/reset',
    tag: '员工管理',
    summary: '重置员工的两步验证（如更换手机）：其密钥清除、全部会话结束，下次登录后重新设置',
    access: 'staff.manage',
    params: idParams,
    audits: ['staff.2fa_reset'],
    handler: async ({ app, req, staff, params }) => {
      await resetTotp(app.kdb, actorOf(req, staff), params.id);
      return ok(null, STAFF_2FA_MSG.reset);
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
    path: '/staff/:id/name',
    tag: '员工管理',
    summary: '修改员工的显示名称（display_name，1~20个字）：会员在在线客服中看到的名称，从不显示登录用户名',
    access: 'staff.manage',
    params: idParams,
    body: staffDisplayNameSchema,
    audits: ['staff.display_name'],
    handler: async ({ app, req, staff, params, body }) => ok(await setStaffDisplayName(app.kdb, actorOf(req, staff), params.id, body.display_name), STAFF_NAME_MSG.saved),
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
