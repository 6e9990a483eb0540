import { CODE, MSG, fmt, type Code } from '@app/contract';

/** A business outcome that is not success: answered as an envelope with HTTP 200. */
export class AppError extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const badRequest = (message: string = MSG.badRequest) => new AppError(CODE.badRequest, message);
export const unauthorized = (message: string = MSG.sessionExpired) => new AppError(CODE.unauthorized, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(CODE.forbidden, message);
export const notFound = (message: string = MSG.notFound) => new AppError(CODE.notFound, message);
export const conflict = (message: string = MSG.conflict) => new AppError(CODE.conflict, message);
export const tooMany = (message: string = MSG.tooManyRequests) => new AppError(CODE.tooMany, message);
export { fmt };
