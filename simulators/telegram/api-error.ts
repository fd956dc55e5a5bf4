// The Bot API's failure answer: `{ ok: false, error_code, description, parameters? }`, sent with the
// HTTP status equal to error_code (grammy reads the body whatever the status, so both must agree).

export interface ResponseParameters { retry_after?: number; migrate_to_chat_id?: number }

export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly parameters?: ResponseParameters,
  ) {
    super(description);
  }

  toJSON(): Record<string, unknown> {
    return { ok: false, error_code: this.code, description: this.description, ...(this.parameters ? { parameters: this.parameters } : {}) };
  }
}

export const badRequest = (what: string) => new ApiError(400, `Bad Request: ${what}`);
export const forbidden = (what: string) => new ApiError(403, `Forbidden: ${what}`);
export const unauthorized = () => new ApiError(401, "Unauthorized");
export const methodNotFound = () => new ApiError(404, "Not Found: method not found");
export const tooManyRequests = (retryAfter: number) => new ApiError(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
