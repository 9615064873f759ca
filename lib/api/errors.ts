import { ApiError } from "./client";

/** True for an answer saying nobody is logged in: the panel's layout already shows its sign-in prompt. */
export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/** True for a 404: what was asked for does not exist, or is not the caller's. */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
