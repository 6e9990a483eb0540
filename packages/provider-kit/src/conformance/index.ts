/** The seamless-wallet conformance kit (docs/conformance.md): cases any seamless wallet must pass. */
export { send, uuid, walletBase, type ConformanceTarget, type SendOptions, type Sent } from './client.js';
export { CaseContext, CaseFailed, CaseSkipped, fail, type ConformanceCase } from './context.js';
export { MIN_FUNDED_FEN, MIN_SECOND_FEN, readFixtures, type FixturePlayer, type SeamlessFixtures } from './fixtures.js';
export { runSeamlessConformance, SEAMLESS_CASES, type CaseResult, type ConformanceReport, type RunOptions } from './runner.js';
