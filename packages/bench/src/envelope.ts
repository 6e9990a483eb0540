/**
 * Whether an answer of the platform's API is a success: every /api answer is HTTP 200 (DESIGN §3), so a
 * refusal shows only in the envelope's code. The envelope is written code first.
 */
export function answeredOk(status: number, body: string): boolean {
  return status === 200 && body.startsWith('{"code":200');
}
