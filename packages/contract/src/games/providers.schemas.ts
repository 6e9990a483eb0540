import { z } from 'zod';
import { refineWith, secret, text } from '../shared/validation.js';
import type { GameCategory } from '../shared/constants.js';
import {
  PROVIDER_LIMITS,
  newProviderFailure,
  providerEditFailure,
  providerRotateFailure,
  providerStateFailure,
  type NewProviderForm,
  type ProviderEditForm,
  type ProviderMode,
  type ProviderRotateForm,
  type ProviderState,
} from './providers.admin.js';

/**
 * Request schemas of the console's 游戏供应商 (providers.admin.ts). The shapes only take the fields (a
 * number as sent, lists up to a bound); the rules in providers.admin.ts decide, with their messages.
 */

const loose = () => z.union([z.number(), z.string().max(20)]);
const categories = () => z.array(z.string().max(20)).max(20).default([]);

/** /admin/api/providers/:code */
export const providerParams = z.object({ code: text(PROVIDER_LIMITS.codeMax) });

/** POST /admin/api/providers */
export const newProviderSchema = z
  .object({
    code: text(PROVIDER_LIMITS.codeMax),
    name: text(PROVIDER_LIMITS.nameMax),
    mode: text(20),
    base_url: text(PROVIDER_LIMITS.baseUrlMax),
    merchant_id: text(PROVIDER_LIMITS.merchantMax),
    key: secret(PROVIDER_LIMITS.keyMax),
    timeout_ms: loose().default(PROVIDER_LIMITS.timeoutDefaultMs),
    categories: categories(),
    venues: z
      .array(z.object({ code: text(PROVIDER_LIMITS.venueCodeMax), name: text(PROVIDER_LIMITS.venueNameMax), enabled: z.boolean().default(true) }))
      .max(PROVIDER_LIMITS.venuesMax * 2)
      .default([]),
  })
  .superRefine(refineWith(newProviderFailure))
  .transform((v): NewProviderForm => ({ ...v, mode: v.mode as ProviderMode, timeout_ms: Number(v.timeout_ms), categories: v.categories as GameCategory[] }));

/** POST /admin/api/providers/:code */
export const providerEditSchema = z
  .object({ name: text(PROVIDER_LIMITS.nameMax), base_url: text(PROVIDER_LIMITS.baseUrlMax), timeout_ms: loose().default(''), categories: categories() })
  .superRefine(refineWith(providerEditFailure))
  .transform((v): ProviderEditForm => ({ ...v, timeout_ms: Number(v.timeout_ms), categories: v.categories as GameCategory[] }));

/** POST /admin/api/providers/:code/state {state} */
export const providerStateSchema = z
  .object({ state: text(20) })
  .superRefine(refineWith((v: { state: string }) => providerStateFailure(v.state)))
  .transform((v) => ({ state: v.state as ProviderState }));

/** POST /admin/api/providers/:code/rotate-key {overlap_hours, key?} */
export const providerRotateSchema = z
  .object({ overlap_hours: loose().default(PROVIDER_LIMITS.overlapDefaultHours), key: secret(PROVIDER_LIMITS.keyMax) })
  .superRefine(refineWith(providerRotateFailure))
  .transform((v): ProviderRotateForm => ({ ...v, overlap_hours: Number(v.overlap_hours) }));
