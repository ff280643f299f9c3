/** An answer the inbox can show: the API's `{ error, message }`, or what went wrong on the way. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const offline = () =>
  new ApiError(0, 'offline', 'The server cannot be reached. Check the connection and try again.');

/** The reason to show for anything a request threw. */
export const reasonOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';
