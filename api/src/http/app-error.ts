/** The error body of spec §3/§8: `{ message, error, errors }`. */
export type FieldErrors = Record<string, string[]>;

export type AppErrorCode =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_many_requests'
  | 'internal'
  /** A provider we called (an OAuth token endpoint) failed us. */
  | 'bad_gateway';

const STATUS_OF: Record<AppErrorCode, number> = {
  validation: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  internal: 500,
  bad_gateway: 502,
};

/** The one error type services and routes throw; the error middleware writes it as the spec's body. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS_OF[code];
  }

  static validation(errors: FieldErrors, message = 'The given data was invalid.'): AppError {
    return new AppError('validation', message, errors);
  }

  static notFound(message = 'Not found.'): AppError {
    return new AppError('not_found', message);
  }
}
