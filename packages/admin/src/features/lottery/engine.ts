/**
 * The lottery engine's own RTP maths, for the odds page's live figures while staff type. plays.ts is
 * pure (no I/O, no Node API), so the console bundles the very code the server validates odds with:
 * nothing is re-implemented here, and the server's answer on save still decides.
 */
export { oddsCents, rtpOf } from '../../../../server/src/modules/lottery/engine/plays';
