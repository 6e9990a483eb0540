import type { ColumnType } from 'kysely';

// Column types the modules' table declarations (modules/<m>/schema.ts) share.
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export type Json<T> = ColumnType<T, string, string>;
