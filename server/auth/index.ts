// The auth feature's front door: what other features, jobs, the CLI and the composition root may call.
// A feature imports another only through its index.ts (tests/unit/system/layout-rules.test.ts).
export { banInForce } from "@/server/auth/ban-in-force";
export { hashPassword, verifyPassword } from "@/server/auth/crypto";
export { ibanPayoutsFrom } from "@/server/auth/iban-wait";
export { type AccessClaims, TRUSTED_DEVICE_TTL_SECONDS, verifyAccessToken } from "@/server/auth/jwt";
export { signingKey } from "@/server/auth/keys";
export { countedPasswordCheck } from "@/server/auth/login-throttle";
export { PASSWORD_MAX, PASSWORD_MIN, isCommonPassword, passwordPolicyError } from "@/server/auth/password-policy";
export { toUserOutput } from "@/server/auth/present";
export {
  type ClientMeta,
  type IssuedSession,
  REFRESH_TOKEN_TTL_SECONDS,
  SESSION_END_CHANNEL,
  authenticate,
  isOpenSession,
  listOpenSessions,
  openSessionExpiries,
  callersParam,
  openCallers,
  openSessionOf,
  openSessionUser,
  openSession,
  revokeAllSessions,
  revokeOtherSessions,
  revokeOwnSession,
  sessionIsOpen,
  sessionUser,
} from "@/server/auth/sessions";
export { onSignUp } from "@/server/auth/sign-up-hooks";
export { findUserById, uniqueViolation } from "@/server/auth/users";
export { callerLimit, callerList, callerOffset, callerOwns, callerPageQuery } from "@/server/auth/caller-pages";
