import { CODE, MSG, type Envelope } from '@app/contract';

export function ok<T>(data: T, message: string = MSG.ok): Envelope<T> {
  return { code: CODE.ok, message, data };
}
export function envelope(code: number, message: string, data: unknown = null): Envelope {
  return { code, message, data };
}
