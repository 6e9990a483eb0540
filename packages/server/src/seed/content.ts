import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

export async function seedContent(_tx: Transaction<Database>): Promise<void> {}
