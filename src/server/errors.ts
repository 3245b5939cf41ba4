/** A business outcome a client can act on: an HTTP status, a stable code and a clear message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: Array<{ field: string; message: string }>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, message: string, fieldErrors?: Array<{ field: string; message: string }>) =>
  new AppError(400, code, message, fieldErrors);
export const forbidden = (message = 'You are not allowed to do this.', code = 'forbidden') =>
  new AppError(403, code, message);
export const notFound = (message = 'Not found.', code = 'not_found') => new AppError(404, code, message);
