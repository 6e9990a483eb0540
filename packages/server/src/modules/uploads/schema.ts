import type { Generated } from 'kysely';

/** The tables modules/uploads owns: only it writes them (scripts/check-tables.mjs). */
export interface UploadsTables {
  uploads: { id: Generated<number>; kind: string; bytes: Uint8Array; uploaded_by: number | null; created_at: Generated<Date> };
}
