import { z } from "zod";
import { locales } from "@/lib/i18n/locales";
import { normalizeDigits } from "@/lib/validation/digits";
import { isValidIranianIban, normalizeIban } from "@/lib/validation/iban";
import { isValidIranianNationalId } from "@/lib/validation/national-id";
import { visibleText } from "@/lib/validation/visible-text";
import { emailAddress, messageOutput, newPassword, passwordConfirmation, personName, userOutput } from "./auth";
import { IBAN_PATTERN, NATIONAL_ID_PATTERN } from "./patterns";
import { purposes } from "./enums";
import { dateTime, endpoint, idParam, longText, text } from "./common";

const BIRTH_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A birth date as YYYY-MM-DD (Gregorian on the wire; the fa-IR picker shows the Persian calendar). */
export const birthDate = text("birth_date_invalid")
  .regex(BIRTH_DATE, "birth_date_invalid")
  .meta({ pattern: BIRTH_DATE.source, format: "date" })
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
    const age = (Date.now() - date.getTime()) / (365.25 * 24 * 3600 * 1000);
    return age >= 13 && age <= 120;
  }, "birth_date_invalid");

export const nationalId = text("national_id_invalid")
  .transform((value) => normalizeDigits(value.trim()))
  .refine(isValidIranianNationalId, "national_id_invalid")
  .meta({ pattern: NATIONAL_ID_PATTERN, description: "Ten digits, the last the check digit", example: "0012345679" });

export const iban = text("iban_invalid")
  .transform((value) => normalizeIban(value))
  .refine(isValidIranianIban, "iban_invalid")
  .meta({ pattern: IBAN_PATTERN, description: "An Iranian IBAN (Sheba) with correct check digits", example: "IR820540102680020817909002" });

/** PATCH me: any subset; the bank name is derived from the IBAN's bank code, never sent. */
export const updateProfileInput = z
  .object({
    first_name: personName("first_name_required"),
    last_name: personName("last_name_required"),
    national_id: nationalId,
    birth_date: birthDate,
    iban,
    email: emailAddress,
    locale: z.enum(locales, "invalid_value"),
    purpose: z.enum(purposes, "purpose_required"),
  })
  .partial()
  .strict();
export type UpdateProfileInput = z.input<typeof updateProfileInput>;

export const changePasswordInput = z
  .object({
    current_password: text("password_required").min(1, "password_required").max(256, "password_length"),
    password: newPassword,
    password_confirmation: passwordConfirmation,
  })
  .refine((value) => value.password === value.password_confirmation, { path: ["password_confirmation"], message: "password_mismatch" });
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

/** A photo of the national ID card (POST me/identity-verification): its largest size, and largest width and height in pixels. */
export const CARD_MAX_BYTES = 5 * 1024 * 1024;
export const CARD_MAX_PIXELS = 6000;

/**
 * A reviewer's reason (identity, campaign, activity, ban) or a booster's note: shown to the person, so
 * visible and without direction controls; written in a text box, so line breaks are kept.
 */
export const REASON_MIN = 3;
export const REASON_MAX = 500;
export const reason = () =>
  longText("required")
    .trim()
    .min(REASON_MIN, "too_small_string")
    .max(REASON_MAX, "too_big_string")
    .superRefine(visibleText)
    .meta({ description: "Written in a text box: line breaks are kept" });
/** GET admin/identity-requests: oldest first, twenty a page. */
export const identityQueueQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export const rejectIdentityInput = z.object({ reason: reason() });
/** The same rule for a campaign's rejection and an activity's denial, each its own schema. */
export const reviewReasonInput = () => z.object({ reason: reason() });

/* ---- Answers ---- */

/** GET me: the user with the header's figures (OpenAPI: User plus these). */
export const meOutput = userOutput.extend({
  wallet_balance: z.number().int().meta({ description: "Rials available in the wallet" }),
  unread_notifications: z.number().int(),
});
export type Me = z.infer<typeof meOutput>;

export const userMessageOutput = z.object({ user: userOutput, message: z.string() });

/** One open session of the user's: OpenAPI component SessionInfo. */
export const sessionInfoOutput = z.object({
  id: z.string().uuid(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: dateTime(),
  last_used_at: dateTime(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoOutput>;
/** DELETE me/sessions/{id}: the ended session. */
export const endedSessionOutput = z.object({ id: z.string() });

/** POST me/identity-verification: the card image as multipart. */
export const identityCardUpload = z.object({ card: z.any().meta({ type: "string", format: "binary" }) });

/* ---- Endpoints: the routes (server/profile) and the browser (lib/api/me.ts, identity-card.ts, admin.ts) read these ---- */

export const profileEndpoints = {
  me: endpoint({ method: "get", path: "/me", response: meOutput }),
  update: endpoint({ method: "patch", path: "/me", body: updateProfileInput, response: userMessageOutput }),
  password: endpoint({ method: "put", path: "/me/password", body: changePasswordInput, response: messageOutput }),
  requestVerification: endpoint({
    method: "post",
    path: "/me/identity-verification",
    upload: identityCardUpload,
    response: userMessageOutput,
  }),
  /** The person's own card image (fetched as a blob: an <img> would carry no bearer token). */
  identityCard: endpoint({
    method: "get",
    path: "/me/identity-card",
    response: z.any(),
    file: ["image/jpeg", "image/png", "image/webp"],
  }),
  sessions: endpoint({ method: "get", path: "/me/sessions", response: z.array(sessionInfoOutput) }),
  endSession: endpoint({ method: "delete", path: "/me/sessions/{id}", params: idParam, response: endedSessionOutput }),
  /** The back office's identity review. */
  identityQueue: endpoint({ method: "get", path: "/admin/identity-requests", query: identityQueueQuery, response: userOutput, list: true }),
  user: endpoint({ method: "get", path: "/admin/users/{id}", params: idParam, response: userOutput }),
  /** A user's card, for the reviewer's <img> (the session cookie authenticates it). */
  userIdentityCard: endpoint({
    method: "get",
    path: "/admin/users/{id}/identity-card",
    params: idParam,
    response: z.any(),
    file: ["image/jpeg"],
  }),
  approveIdentity: endpoint({ method: "post", path: "/admin/users/{id}/identity/approve", params: idParam, response: userMessageOutput }),
  rejectIdentity: endpoint({
    method: "post",
    path: "/admin/users/{id}/identity/reject",
    params: idParam,
    body: rejectIdentityInput,
    response: userMessageOutput,
  }),
};
