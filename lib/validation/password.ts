/** Password length bounds, in characters (Unicode code points). Shared by the browser forms and the server policy. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export type PasswordLengthError = "too_short" | "too_long";

/** "too_short" / "too_long" when the password is outside PASSWORD_MIN..PASSWORD_MAX code points, otherwise null. */
export function passwordLengthError(password: string): PasswordLengthError | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return "too_short";
  if (length > PASSWORD_MAX) return "too_long";
  return null;
}
