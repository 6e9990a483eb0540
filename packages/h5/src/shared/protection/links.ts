/** The responsible-gambling article (spec §2: /boutBallBetInfo type 8, 负责任博彩), linked from /mine, 安全与健康 and registration. */
export const RESPONSIBLE_ARTICLE = '/boutBallBetInfo?type=8';

/** 安全与健康: the member's limits, reality check, time-out and self-exclusion. */
export const PROTECTION_PATH = '/protection';
