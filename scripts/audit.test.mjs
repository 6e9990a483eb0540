// Self-test of the dependency audit's verdict on `npm audit --json` answers (npm 7+ report format).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describe, judge } from './audit.mjs';

const report = {
  auditReportVersion: 2,
  vulnerabilities: {
    ws: { name: 'ws', severity: 'high', isDirect: false, via: [{ title: 'DoS by many headers', url: 'https://github.com/advisories/GHSA-x', severity: 'high' }], range: '8.0.0 - 8.17.0', fixAvailable: true },
    tar: { name: 'tar', severity: 'critical', via: ['minizlib'], range: '<6.2.1', fixAvailable: { name: 'node-gyp', version: '10.0.0', isSemVerMajor: true } },
    ip: { name: 'ip', severity: 'high', via: [{ title: 'SSRF', url: 'https://github.com/advisories/GHSA-y' }], range: '*', fixAvailable: false },
    debug: { name: 'debug', severity: 'moderate', via: [{ title: 'ReDoS' }], range: '<2.6.9', fixAvailable: true },
  },
  metadata: { vulnerabilities: { info: 0, low: 0, moderate: 1, high: 2, critical: 1, total: 4 } },
};

test('fails on high and critical findings with a fix, and only those', () => {
  const v = judge(report);
  assert.equal(v.ok, true);
  assert.deepEqual(v.fixable.map((f) => f.name), ['ws', 'tar']);
  assert.deepEqual(v.unfixable.map((f) => f.name), ['ip']);
  assert.match(describe(v.fixable[0]), /^high ws 8\.0\.0 - 8\.17\.0 — DoS by many headers \(https:\/\/github\.com\/advisories\/GHSA-x\) — fix: npm update/);
  assert.match(describe(v.fixable[1]), /fix: node-gyp@10\.0\.0 \(semver major\)$/);
});

test('passes a clean report', () => {
  assert.deepEqual(judge({ vulnerabilities: {}, metadata: { vulnerabilities: { high: 0 } } }), { ok: true, fixable: [], unfixable: [], counts: { high: 0 } });
});

test('cannot run when the registry refuses the audit (never a silent pass)', () => {
  const refused = { message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk', statusCode: 405, error: { summary: '', detail: '' } };
  assert.deepEqual(judge(refused), { ok: false, reason: refused.message });
  assert.equal(judge(null).ok, false);
  assert.equal(judge({ error: { code: 'ENOAUDIT', summary: 'Your configured registry does not support audit requests.' } }).reason, 'Your configured registry does not support audit requests.');
});
