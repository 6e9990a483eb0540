import type { Page } from '@app/contract';

/** Offset of a 1-based page; pages are capped by the request schemas (LIMITS.pageMax). */
export function offsetOf(page: number, perPage: number): number {
  return (page - 1) * perPage;
}

/** The contract page shape; an empty list still has last_page 1. */
export function pageOf<T>(data: T[], total: number, page: number, perPage: number): Page<T> {
  return { data, total, current_page: page, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)) };
}
