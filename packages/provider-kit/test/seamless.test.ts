import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RS, SEAMLESS_PATH, SEAMLESS_PREFIX } from '../src/index.js';

/** The written protocol and the constants say the same: every endpoint and every status. */
const DOCS = path.resolve(import.meta.dirname, '../docs');

describe('the seamless wallet’s description', () => {
  const openapi = JSON.parse(fs.readFileSync(path.join(DOCS, 'seamless-wallet.openapi.json'), 'utf8')) as {
    paths: Record<string, unknown>;
    components: { schemas: { Status: { enum: string[] } } };
  };
  const text = fs.readFileSync(path.join(DOCS, 'seamless-wallet.md'), 'utf8');

  it('describes every endpoint, in the OpenAPI file and the text', () => {
    const paths = Object.values(SEAMLESS_PATH).map((p) => SEAMLESS_PREFIX + p);
    expect(Object.keys(openapi.paths).sort()).toEqual([...paths].sort());
    for (const p of paths) expect(text).toContain(`\`${p}\``);
  });

  it('lists every status, in the OpenAPI file and the text', () => {
    expect([...openapi.components.schemas.Status.enum].sort()).toEqual(Object.values(RS).sort());
    for (const s of Object.values(RS)) expect(text).toContain(`\`${s}\``);
  });
});
