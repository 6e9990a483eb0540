import { describe, expect, it } from 'vitest';
import { memoryNonceStore, signRequest, verifyRequest, SIGNATURE_WINDOW_S } from '../src/index.js';

const req = { method: 'POST', path: '/provider-api/transaction/bet', body: '{"amount":100}' };
const now = 1_800_000_000;

describe('request signing', () => {
  it('accepts a request signed with the merchant key, once', async () => {
    const nonces = memoryNonceStore();
    const headers = signRequest('k1', 'demo', req, now);
    expect(await verifyRequest(headers, req, () => ['k1'], nonces, now)).toEqual({ merchant: 'demo', refusal: null });
    expect((await verifyRequest(headers, req, () => ['k1'], nonces, now)).refusal).toBe('replayed');
  });

  it('refuses another body, path or method under the same signature', async () => {
    const headers = signRequest('k1', 'demo', req, now);
    for (const other of [{ ...req, body: '{"amount":1000}' }, { ...req, path: '/provider-api/transaction/win' }, { ...req, method: 'PUT' }]) {
      expect((await verifyRequest(headers, other, () => ['k1'], memoryNonceStore(), now)).refusal).toBe('bad_signature');
    }
  });

  it('refuses a wrong key, and accepts either key during a rotation', async () => {
    const headers = signRequest('old', 'demo', req, now);
    expect((await verifyRequest(headers, req, () => ['new'], memoryNonceStore(), now)).refusal).toBe('bad_signature');
    expect((await verifyRequest(headers, req, () => ['new', 'old'], memoryNonceStore(), now)).refusal).toBeNull();
  });

  it('refuses a timestamp outside the window either way, and missing headers', async () => {
    const stale = signRequest('k1', 'demo', req, now - SIGNATURE_WINDOW_S - 1);
    const future = signRequest('k1', 'demo', req, now + SIGNATURE_WINDOW_S + 1);
    const edge = signRequest('k1', 'demo', req, now - SIGNATURE_WINDOW_S);
    expect((await verifyRequest(stale, req, () => ['k1'], memoryNonceStore(), now)).refusal).toBe('stale');
    expect((await verifyRequest(future, req, () => ['k1'], memoryNonceStore(), now)).refusal).toBe('stale');
    expect((await verifyRequest(edge, req, () => ['k1'], memoryNonceStore(), now)).refusal).toBeNull();
    const { 'x-nonce': _n, ...noNonce } = signRequest('k1', 'demo', req, now);
    expect((await verifyRequest(noNonce, req, () => ['k1'], memoryNonceStore(), now)).refusal).toBe('missing');
  });

  it('does not use up a nonce on a forged request', async () => {
    const nonces = memoryNonceStore();
    const good = signRequest('k1', 'demo', req, now);
    const forged = { ...good, 'x-signature': '0'.repeat(64) };
    expect((await verifyRequest(forged, req, () => ['k1'], nonces, now)).refusal).toBe('bad_signature');
    expect((await verifyRequest(good, req, () => ['k1'], nonces, now)).refusal).toBeNull();
  });
});
