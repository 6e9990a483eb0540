/** The conformance kits (docs/conformance.md): cases any seamless wallet, and any transfer-wallet provider, must pass. */
export { send, sendTo, uuid, walletBase, type ConformanceTarget, type SendOptions, type Sent } from './client.js';
export { CaseContext, CaseFailed, CaseSkipped, fail, type ConformanceCase } from './context.js';
export { MIN_FUNDED_FEN, MIN_SECOND_FEN, readFixtures, type FixturePlayer, type SeamlessFixtures } from './fixtures.js';
export { runCases, runSeamlessConformance, runTransferConformance, SEAMLESS_CASES, type CaseResult, type ConformanceReport, type RunOptions } from './runner.js';
export { TRANSFER_CASES } from './transfer-cases.js';
export { CONFORMANCE_VENUE, freshId, TransferContext, type TransferOutcome, type TransferTarget } from './transfer-context.js';
