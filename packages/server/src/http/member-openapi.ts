import type { Config } from '../config.js';
import type { MemberAccess, MemberRoute } from './member-route.js';
import { ENVELOPE_REF, ENVELOPE_SCHEMA, envelopeResponse, jsonBody, openApiPath, operationId, parameters, type JsonSchema } from './openapi.js';

export const MEMBER_PREFIX = '/api';

/** Each access level as the document says it (the member route declaration, http/member-route.ts). */
export const ACCESS_LABELS: Readonly<Record<MemberAccess, string>> = {
  public: '无需登录',
  'member-optional': '可选登录：带有效会员 token 时按该会员作答，否则按访客作答（不会因未登录被拒绝）',
  member: '需会员登录（未登录或会话过期：code 401）',
  'member-not-trial': '需会员登录，且试玩账号不可用（code 403 试玩账号不支持此操作）',
};

const SECURITY: Readonly<Record<MemberAccess, JsonSchema[]>> = {
  public: [],
  'member-optional': [{}, { memberBearer: [] }],
  member: [{ memberBearer: [] }],
  'member-not-trial': [{ memberBearer: [] }],
};

const ENVELOPE_RESPONSE = envelopeResponse(
  '会员 API 的每个回答都是 HTTP 200 的信封（包括未知路径与限流），结果在 code：200 成功；400 参数错误；401 未登录或会话过期；403 不允许此操作；404 不存在；429 操作过于频繁；500 服务器异常；503 维护中（message 为维护提示）',
);

/** Public content kept per instance (http/public-cache.ts): the envelope with its ETag, or 304. */
const CACHED_RESPONSES = {
  '200': {
    ...ENVELOPE_RESPONSE,
    headers: {
      ETag: { description: '内容的弱校验值；再次请求时放在 If-None-Match 中', schema: { type: 'string' } },
      'Cache-Control': { description: 'no-cache：可缓存，使用前以 ETag 重新验证', schema: { type: 'string' } },
    },
  },
  '304': { description: 'If-None-Match 与当前 ETag 相同：内容未变，无正文' },
};

function responses(r: MemberRoute): JsonSchema {
  if (r.answer === 'websocket') return { '101': { description: '切换为 WebSocket；帧的格式见摘要' } };
  if (r.answer === 'cached') return CACHED_RESPONSES;
  if (r.answer && typeof r.answer === 'object') {
    return { '200': { description: `${r.answer.description}；被拒绝时仍为信封`, content: { [r.answer.media]: { schema: { type: 'string', format: 'binary' } }, 'application/json': { schema: ENVELOPE_REF } } } };
  }
  return { '200': ENVELOPE_RESPONSE };
}

function requestBody(r: MemberRoute): JsonSchema | null {
  if (r.answer === 'websocket') return null;
  if (r.upload) {
    return {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', required: [r.upload.field], properties: { [r.upload.field]: { type: 'string', format: 'binary' } } } } },
    };
  }
  return r.body ? jsonBody(r.body) : null;
}

function description(r: MemberRoute, rateLimits: Config['rateLimits']): string {
  const parts = [ACCESS_LABELS[r.access]];
  if (r.answer !== 'websocket' && r.rateLimit) {
    const max = rateLimits[r.rateLimit.setting];
    parts.push(max > 0 ? `限流：每${r.rateLimit.per === 'ip' ? ' IP' : '会员'}每分钟 ${max} 次（超出 code 429）` : '限流：已关闭');
  }
  if (r.maintenanceExempt) parts.push('维护期间照常作答');
  return parts.join('；');
}

/**
 * The member API as OpenAPI 3.1, generated from the same route table the server registers under
 * /api (modules/index.ts), so every route, who may call it, its rate limit, its parameters and its
 * request body are described as served. `rateLimits` are this server's (config.rateLimits).
 */
export function memberOpenApiDocument(routes: readonly MemberRoute[], rateLimits: Config['rateLimits']): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const r of routes) {
    const path = openApiPath(MEMBER_PREFIX, r.path);
    const limit = r.answer !== 'websocket' ? r.rateLimit : undefined;
    const body = requestBody(r);
    paths[path] ??= {};
    paths[path][r.method.toLowerCase()] = {
      operationId: operationId(r.method, r.path),
      tags: [r.tag],
      summary: r.summary,
      description: description(r, rateLimits),
      security: SECURITY[r.access],
      'x-access': r.access,
      ...(limit ? { 'x-rate-limit': { per: limit.per, setting: limit.setting, perMinute: rateLimits[limit.setting] } } : {}),
      ...(r.maintenanceExempt ? { 'x-maintenance-exempt': true } : {}),
      parameters: [...parameters(r.params, 'path'), ...parameters(r.query, 'query')],
      ...(body ? { requestBody: body } : {}),
      responses: responses(r),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '会员 API',
      version: '1',
      description:
        '会员端（H5 应用与同系列客户端）的全部接口，挂在 /api 下。登录 POST /api/login_pc、注册 POST /api/register 或试玩 POST /api/guestlogin 得到 data.api_token，之后以 Authorization: Bearer <token> 调用；会员 token 与员工 token 互不通用。' +
        '每个回答都是 HTTP 200 的信封 {code, message, data}，结果看 code；参数错误时 message 为第一条不符合的规则的中文提示。金额在线上为元（最多两位小数）。' +
        '路径不区分大小写（/api/noticelist 与 /api/noticeList 相同）。维护期间（site_state 0）除标明照常作答的接口外均返回 code 503。',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { memberBearer: { type: 'http', scheme: 'bearer', description: '会员会话 token（长时间未使用即过期；改密、禁用或登出即失效）' } },
      schemas: { Envelope: ENVELOPE_SCHEMA },
    },
    'x-access-levels': ACCESS_LABELS,
  };
}
