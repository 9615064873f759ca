import { z } from "zod";
import { normalizeDigits } from "@/lib/validation/digits";
import { normalizeIranianMobile } from "@/lib/validation/phone";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/validation/password";
import { visibleText } from "@/lib/validation/visible-text";
import { dateTime, endpoint, text } from "./common";
import { identityStatuses, purposes, userRoles } from "./enums";
import { ibanCheckOutput } from "./payouts";
import { CREDENTIAL_PATTERN, IRANIAN_MOBILE_PATTERN, OTP_CODE_PATTERN } from "./patterns";

/**
 * The account forms' schemas, shared by the web forms (zodResolver) and the API. A message names a
 * key of api.validation in messages/<locale>.json, so both sides show the same translated sentence.
 */
export const NAME_MAX = 50;
export const EMAIL_MAX = 254;

/** A person's name as others see it: something visible, no text-direction controls (lib/validation/visible-text.ts). */
export const personName = (requiredKey: string) =>
  text(requiredKey).trim().min(1, requiredKey).max(NAME_MAX, "name_too_long").superRefine(visibleText);
const name = personName;

/** An Iranian mobile in any accepted form (09…, +989…, 00989…, Persian or Arabic digits) → E.164. */
export const iranianMobile = text("phone_invalid")
  .transform((value, ctx) => {
    const phone = normalizeIranianMobile(value);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: "phone_invalid" });
      return z.NEVER;
    }
    return phone;
  })
  .meta({
    pattern: IRANIAN_MOBILE_PATTERN,
    description: "An Iranian mobile number, in any usual spelling (09…, +98 9…, 0098…; Persian or Arabic-Indic digits); stored as +989…",
    example: "09121234567",
  });

export const emailAddress = text("email_invalid")
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, "email_invalid")
  .pipe(z.email("email_invalid"))
  .meta({ format: "email", example: "sara@example.com" });

export const newPassword = text("password_length").min(PASSWORD_MIN, "password_length").max(PASSWORD_MAX, "password_length");
/** The new password typed again: refused unless it is the same (password_mismatch). */
export const passwordConfirmation = text("password_mismatch").meta({ description: "The same as password" });

/** An invitation's code, as its SMS link carries it (/auth/invite/{code}). */
export const INVITATION_CODE = /^[A-Za-z0-9]{6,40}$/;

/**
 * The invitation link a person came through (/auth/register?invite=…): optional, and never a reason to
 * refuse a sign-up — a code that is not a code's shape is dropped here, an unknown or used one by the server.
 */
const invitationCode = text("invalid_value")
  .max(200, "invalid_value")
  .optional()
  .transform((value) => (value !== undefined && INVITATION_CODE.test(value.trim()) ? value.trim() : undefined))
  .meta({ description: "The code of the invitation link the person came through; unknown or used codes are ignored" });

export const registerInput = z
  .object({
    first_name: name("first_name_required"),
    last_name: name("last_name_required"),
    phone: iranianMobile,
    email: emailAddress,
    password: newPassword,
    password_confirmation: passwordConfirmation,
    terms: z.literal(true, "terms_required"),
    invitation_code: invitationCode,
  })
  .refine((value) => value.password === value.password_confirmation, { path: ["password_confirmation"], message: "password_mismatch" });
export type RegisterInput = z.input<typeof registerInput>;

/** A phone in any accepted form, or an e-mail address. */
export type Credential = { kind: "phone"; phone: string } | { kind: "email"; email: string };

export function parseCredential(value: string): Credential | null {
  const trimmed = normalizeDigits(value.trim());
  if (trimmed.includes("@")) {
    const email = z.email().safeParse(trimmed.toLowerCase());
    return email.success ? { kind: "email", email: email.data } : null;
  }
  const phone = normalizeIranianMobile(trimmed);
  return phone ? { kind: "phone", phone } : null;
}

export const credential = text("credential_invalid")
  .trim()
  .min(1, "credential_required")
  .max(EMAIL_MAX, "credential_invalid")
  .refine((value) => parseCredential(value) !== null, "credential_invalid")
  .meta({ pattern: CREDENTIAL_PATTERN, description: "The account's mobile number or e-mail address", example: "09121234567" });

export const loginInput = z.object({
  credential,
  password: text("password_required").min(1, "password_required").max(PASSWORD_MAX, "password_length"),
});
export type LoginInput = z.input<typeof loginInput>;

export const forgotPasswordInput = z.object({ credential });
export type ForgotPasswordInput = z.input<typeof forgotPasswordInput>;

const otpToken = text("otp_token_invalid").min(16, "otp_token_invalid").max(128, "otp_token_invalid");

export const resetPasswordInput = z
  .object({ token: otpToken, password: newPassword, password_confirmation: passwordConfirmation })
  .refine((value) => value.password === value.password_confirmation, { path: ["password_confirmation"], message: "password_mismatch" });
export type ResetPasswordInput = z.input<typeof resetPasswordInput>;

/** Six digits; Persian and Arabic digits are accepted and read as ASCII. */
export const otpCode = text("otp_code_format")
  .transform((value) => normalizeDigits(value.trim()))
  .pipe(z.string().regex(/^\d{6}$/, "otp_code_format"))
  .meta({ pattern: OTP_CODE_PATTERN, example: "123456" });

export const otpVerifyInput = z.object({ token: otpToken, code: otpCode, trust_device: z.boolean().optional() });
export type OtpVerifyInput = z.input<typeof otpVerifyInput>;

export const otpResendInput = z.object({ token: otpToken });

export const otpStatusInput = z.object({ token: otpToken });

/** Google: an ID token (One Tap), an authorization code (popup code flow) or an access token (token flow). */
export const googleLoginInput = z
  .object({
    id_token: text().min(10).max(4096).optional(),
    code: text().min(4).max(2048).optional(),
    access_token: text().min(10).max(4096).optional(),
  })
  .refine((value) => [value.id_token, value.code, value.access_token].filter(Boolean).length === 1, {
    path: ["id_token"],
    message: "required",
  })
  .meta({ oneOf: [{ required: ["id_token"] }, { required: ["code"] }, { required: ["access_token"] }] });

export const appleLoginInput = z.object({
  id_token: text().min(10).max(4096),
  nonce: text().min(8).max(256),
  first_name: text().trim().max(NAME_MAX, "name_too_long").superRefine(visibleText).optional(),
  last_name: text().trim().max(NAME_MAX, "name_too_long").superRefine(visibleText).optional(),
});

/** A social account adds its mobile number: a code goes to it. */
export const addPhoneInput = z.object({ phone: iranianMobile });

/** POST auth/refresh: the refresh token in the body (API clients); the web app's is a cookie. */
export const refreshInput = z.object({ refresh_token: text().max(200).optional() });
/** GET auth/refresh: where to go back to once the cookies are renewed. */
export const refreshRedirectQuery = z.object({ redirect: text().max(2000).optional() });

/* ---- Answers ---- */

/** Where the web app goes for the code step, the new password, and once signed in. */
export const OTP_ROUTE = "/auth/two_factor_authentication";
export const RESET_ROUTE = "/auth/reset_password";
export const HOME_ROUTE = "/dashboard";

/** The account as its owner (and admins) see it: OpenAPI component User. Never the password hash or storage keys. */
export const userOutput = z.object({
  id: z.string().uuid(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable().meta({ example: "+989121234567" }),
  phone_verified: z.boolean(),
  email: z.string().nullable(),
  role: z.enum(userRoles),
  locale: z.string(),
  national_id: z.string().nullable(),
  birth_date: z.string().nullable().meta({ format: "date" }),
  bank_name: z.string().nullable().meta({ description: "Bank id derived from the IBAN's bank code" }),
  iban: z.string().nullable(),
  iban_check: ibanCheckOutput,
  iban_payouts_from: dateTime()
    .nullable()
    .meta({ description: "Payouts to this IBAN wait until then: it replaced another IBAN less than 48 hours ago (null: no wait)" }),
  identity_status: z.enum(identityStatuses),
  identity_rejection_reason: z.string().nullable(),
  identity_requested_at: dateTime().nullable(),
  has_identity_card: z.boolean(),
  has_password: z.boolean(),
  purpose: z.enum(purposes).nullable().meta({ description: "What the person came for (grow, earn, both); null until they choose" }),
  created_at: dateTime(),
});
export type User = z.infer<typeof userOutput>;

/** A code step (register, untrusted login, forgot password, social phone): OpenAPI component OtpStep. */
export const otpOutput = z.object({
  token: z.string(),
  route: z.literal(OTP_ROUTE),
  phone: z.string().meta({ description: "Masked", example: "+98 912 *** 4567" }),
  expires_in: z.number().int().meta({ description: "Seconds the code stays valid" }),
  resend_in: z.number().int().meta({ description: "Seconds until a new code may be requested" }),
});
export type OtpStep = z.infer<typeof otpOutput>;
export const codeStepOutput = z.object({ otp: otpOutput });

/** Signed in: OpenAPI component Session. The web app's tokens are in httpOnly cookies; access_token is for API clients. */
export const sessionOutput = z.object({
  user: userOutput,
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int(),
  refresh_token: z.string().optional().meta({ description: "Only with X-Token-Delivery: body (API clients)" }),
  route: z.string().meta({ description: "Where the web app goes next" }),
  needs_phone: z.boolean(),
});
export type SessionAnswer = z.infer<typeof sessionOutput>;

export const loginOutput = z.union([sessionOutput, codeStepOutput]);
export const verifyOutput = z.union([sessionOutput, z.object({ reset: z.object({ token: z.string(), route: z.literal(RESET_ROUTE) }) })]);
export const refreshOutput = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number(),
  refresh_token: z.string().optional(),
});
export const messageOutput = z.object({ message: z.string() });

/* ---- Endpoints: the routes (server/auth) and the browser (lib/api/auth.ts, session.ts) read these ---- */

export const authEndpoints = {
  register: endpoint({ method: "post", path: "/auth/register", body: registerInput, response: codeStepOutput }),
  login: endpoint({ method: "post", path: "/auth/login", body: loginInput, response: loginOutput }),
  verifyOtp: endpoint({ method: "post", path: "/auth/otp/verify", body: otpVerifyInput, response: verifyOutput }),
  resendOtp: endpoint({ method: "post", path: "/auth/otp/resend", body: otpResendInput, response: codeStepOutput }),
  otpStatus: endpoint({ method: "post", path: "/auth/otp/status", body: otpStatusInput, response: codeStepOutput }),
  forgotPassword: endpoint({ method: "post", path: "/auth/forgot-password", body: forgotPasswordInput, response: codeStepOutput }),
  resetPassword: endpoint({ method: "post", path: "/auth/reset-password", body: resetPasswordInput, response: messageOutput }),
  google: endpoint({ method: "post", path: "/auth/google", body: googleLoginInput, response: sessionOutput }),
  apple: endpoint({ method: "post", path: "/auth/apple", body: appleLoginInput, response: sessionOutput }),
  addPhone: endpoint({ method: "post", path: "/auth/phone", body: addPhoneInput, response: codeStepOutput }),
  refresh: endpoint({ method: "post", path: "/auth/refresh", body: refreshInput, optionalBody: true, response: refreshOutput }),
  /** The same renewal during a page navigation: 303 back to `redirect`. */
  refreshRedirect: endpoint({ method: "get", path: "/auth/refresh", query: refreshRedirectQuery, status: 303 }),
  logout: endpoint({ method: "post", path: "/auth/logout", response: messageOutput }),
};
