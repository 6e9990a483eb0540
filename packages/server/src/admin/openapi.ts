import { AUDIT_ACTION_LABELS, PERMISSION_LABELS, ROLE_LABELS, ROLE_PERMISSIONS } from '@app/contract';
import { ENVELOPE_REF, ENVELOPE_SCHEMA, envelopeResponse, jsonBody, openApiPath, operationId, parameters, type JsonSchema } from '../http/openapi.js';
import type { AdminRoute } from './route.js';

export const ADMIN_PREFIX = '/admin/api';

const ENVELOPE_RESPONSE = envelopeResponse('业务结果总以 HTTP 200 的信封返回：code 200 成功；400 参数错误；401 未登录或会话过期；403 无权执行此操作；404 不存在；409 已处理；429 操作过于频繁');

/** A file route (admin/csv.ts): the file on success, the usual envelope when refused. */
const CSV_RESPONSE = {
  description: '成功时为 CSV 文件（UTF-8 带 BOM，Content-Disposition: attachment）；参数错误、未登录、无权限等仍以信封返回',
  content: {
    'text/csv': { schema: { type: 'string' } },
    'application/json': { schema: ENVELOPE_REF },
  },
};

/**
 * The back-office API as OpenAPI 3.1, generated from the same route table the plugin registers,
 * so every route, its permission, its parameters and its request body are described as served.
 */
export function openApiDocument(routes: readonly AdminRoute[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const r of routes) {
    const path = openApiPath(ADMIN_PREFIX, r.path);
    const access = r.access === 'public' ? '无需登录' : r.access === 'staff' ? '任意已登录员工' : `权限 ${r.access}（${PERMISSION_LABELS[r.access]}）`;
    const roles = r.access === 'public' || r.access === 'staff' ? null : Object.entries(ROLE_PERMISSIONS).filter(([, ps]) => ps.includes(r.access as never)).map(([role]) => role);
    paths[path] ??= {};
    paths[path][r.method.toLowerCase()] = {
      operationId: operationId(r.method, r.path),
      tags: [r.tag],
      summary: r.summary,
      description: `${access}${roles ? `；角色：${roles.join(', ')}` : ''}${r.audits?.length ? `；写入审计日志：${r.audits.join(', ')}` : ''}`,
      security: r.access === 'public' ? [] : [{ staffBearer: [] }],
      'x-permission': r.access,
      ...(roles ? { 'x-roles': roles } : {}),
      ...(r.audits?.length ? { 'x-audit-actions': r.audits } : {}),
      parameters: [...parameters(r.params, 'path'), ...parameters(r.query, 'query')],
      ...(r.body ? { requestBody: jsonBody(r.body) } : {}),
      responses: { '200': r.file === 'csv' ? CSV_RESPONSE : ENVELOPE_RESPONSE },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '后台管理 API',
      version: '1',
      description:
        '员工后台的全部接口（DESIGN §10）。登录 POST /admin/api/login 得到 token，之后以 Authorization: Bearer <token> 调用；员工 token 与会员 token 互不通用。' +
        '每个接口检查权限，每个改变数据的接口写入只增不改的审计日志。金额在线上为元（最多两位小数）。' +
        '会员银行卡号、USDT 地址、取款卡号快照与存款付款卡号仅对有 members.cards（查看完整卡号）权限的员工完整返回，其余员工在所有接口（含审计日志详情）中看到脱敏值，如 **** **** **** 7890、T****…bLSE；审计日志写入时即脱敏。',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { staffBearer: { type: 'http', scheme: 'bearer', description: '员工会话 token（12 小时未使用即过期）' } },
      schemas: { Envelope: ENVELOPE_SCHEMA },
    },
    'x-roles': Object.fromEntries(Object.entries(ROLE_PERMISSIONS).map(([role, ps]) => [role, { label: ROLE_LABELS[role as keyof typeof ROLE_LABELS], permissions: ps }])),
    'x-permissions': PERMISSION_LABELS,
    'x-audit-actions': AUDIT_ACTION_LABELS,
  };
}
