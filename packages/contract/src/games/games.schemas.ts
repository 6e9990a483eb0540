import { z } from 'zod';
import { int, pageNumber } from '../shared/validation.js';

/** Request schemas of the hall's games (spec §7 gamelist, getGameUrl, gamelistBycode, betrecord). */

export const gameListSchema = z.object({ category: z.string().max(20).optional().default('') });

export const gameUrlSchema = z.object({
  plat_name: z.string().trim().max(30).catch('').default(''),
  game_type: z.string().trim().max(30).catch('0').default('0'),
  game_code: z.string().trim().max(60).catch('').default(''),
  is_mobile_url: z.string().trim().max(4).catch('1').default('1'),
});

export const gameListByCodeSchema = z.object({ gamecode: z.string().trim().max(30).catch('').default('') });

export const betRecordSchema = z.object({
  date: int(1, 4).catch(4).default(4),
  page: pageNumber(),
  api_type: z.string().trim().max(30).catch('').default(''),
});
