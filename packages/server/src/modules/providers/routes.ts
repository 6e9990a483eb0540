import { HEADER, RS, SEAMLESS_PATH, verifyRequest, type SeamlessPath } from '@app/provider-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordProviderCall } from './health.js';
import { gameNames } from './game-names.js';
import { databaseNonceStore } from './nonces.js';
import { providerWithKeys } from './service.js';
import { answerText, handleSeamless, requestUuidOf, storedAnswer } from './wallet.js';

/**
 * The seamless wallet's HTTP side, registered with prefix '/provider-api' (packages/provider-kit
 * docs/seamless-wallet.md). In this scope alone every body is read as text, whatever its content type:
 * the signature covers the bytes as sent, so they are verified before anything parses them. Every
 * answer is HTTP 200 with a `status`. A request whose signature fails (missing, stale, wrong key,
 * nonce used) is answered RS_ERROR_INVALID_SIGNATURE and changes nothing, not even the nonce store.
 * Each request of a known provider is recorded for its health (health.ts, in memory): an answer with
 * a status is a call that went well, whatever the status says (insufficient funds is an answer); a
 * refused signature or a failure is an error.
 */
const BODY_LIMIT_BYTES = 64 * 1024;
const PATHS = new Set<string>(Object.values(SEAMLESS_PATH));

export default async function providerApi(app: FastifyInstance): Promise<void> {
  const db = app.kdb;
  const nonces = databaseNonceStore(db);
  const gameName = gameNames(app.venues);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_req, body, done) => done(null, body));

  const send = (reply: FastifyReply, text: string) => reply.code(200).type('application/json; charset=utf-8').send(text);

  /** What the health record needs of a request: whose it was, and why it failed. */
  type Outcome = { provider?: string; error?: string };

  const answer = async (req: FastifyRequest, path: SeamlessPath, raw: string, body: unknown, requestUuid: string | null, outcome: Outcome): Promise<string> => {
    // The provider and its keys, read once; a provider switched off or in transfer mode has no key here.
    const merchant = req.headers[HEADER.merchant];
    const found = typeof merchant === 'string' ? await providerWithKeys(db, merchant) : null;
    outcome.provider = found?.provider.code;
    const keys = found && found.provider.mode === 'seamless' && found.provider.state !== 'off' ? found.keys : [];
    // The path as the provider sent and signed it (no rewriting applies under this prefix).
    const signed = await verifyRequest(req.headers, { method: 'POST', path: req.raw.url ?? req.url, body: raw }, () => keys, nonces);
    if (signed.refusal || !found) {
      req.log.warn({ merchant: signed.merchant, refusal: signed.refusal, path }, 'seamless wallet request refused: signature');
      outcome.error = `${path}: signature refused (${signed.refusal ?? 'unknown merchant'})`;
      return answerText(requestUuid ?? '', { status: RS.invalidSignature });
    }
    const provider = found.provider;
    if (!body || typeof body !== 'object' || Array.isArray(body) || requestUuid === null) return answerText(requestUuid ?? '', { status: RS.wrongSyntax });
    const stored = await storedAnswer(db, provider, requestUuid);
    if (stored !== null) return stored;
    return handleSeamless({ db, log: req.log, gameName }, provider, path, body as Record<string, unknown>, requestUuid);
  };

  for (const path of PATHS) {
    app.post(path, { bodyLimit: BODY_LIMIT_BYTES }, async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      let body: unknown = null;
      try {
        body = JSON.parse(raw);
      } catch {
        body = null;
      }
      const requestUuid = requestUuidOf(body);
      const startedMs = performance.now();
      const outcome: Outcome = {};
      try {
        return send(reply, await answer(req, path as SeamlessPath, raw, body, requestUuid, outcome));
      } catch (err) {
        // Nothing was changed or remembered: the provider sends the same request again.
        req.log.error({ err, path }, 'seamless wallet request failed');
        outcome.error = `${path}: ${err instanceof Error ? err.message : String(err)}`;
        return send(reply, answerText(requestUuid ?? '', { status: RS.unknown }));
      } finally {
        if (outcome.provider) recordProviderCall(outcome.provider, performance.now() - startedMs, outcome.error === undefined, outcome.error);
      }
    });
  }
}
