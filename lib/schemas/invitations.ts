import { z } from "zod";
import { visibleText } from "@/lib/validation/visible-text";
import { INVITATION_CODE, iranianMobile } from "./auth";
import { dateTime, endpoint, paging, text } from "./common";
import { IRANIAN_MOBILE_PATTERN } from "./patterns";
import { invitationStatuses } from "./enums";

/** The invitations page's tabs (SPEC §2: all, sent, registered, accepted). */
export const invitationTabs = ["all", "sent", "registered", "accepted"] as const;
export type InvitationTab = (typeof invitationTabs)[number];

export const invitationListQuery = z.object({ status: z.enum(invitationTabs, "invalid_value").default("all"), ...paging });

/** POST invitations: the friend's mobile (required) and, optionally, how the inviter knows them. */
export const createInvitationInput = z.object({
  phone: text("invitation_phone_required")
    .trim()
    .min(1, "invitation_phone_required")
    .pipe(iranianMobile)
    .meta({ pattern: IRANIAN_MOBILE_PATTERN, description: "The friend's Iranian mobile number", example: "09121234567" }),
  name: text("invalid_value")
    .trim()
    .max(50, "name_too_long")
    .superRefine((value, ctx) => (value ? visibleText(value, ctx) : undefined))
    .optional()
    .transform((value) => value || undefined),
});
export type CreateInvitationInput = z.input<typeof createInvitationInput>;

/** An invitation's code, as its SMS link carries it. */
const invitationCode = () => text("invalid_value").regex(INVITATION_CODE, "invalid_value").meta({ pattern: INVITATION_CODE.source });

/** OpenAPI component Invitation. */
export const invitationOutput = z.object({
  id: z.string().uuid(),
  link: z.string().url().meta({
    description:
      "The invitation's page, to share by hand (copy, a share sheet, a QR code); whoever registers through it is this invitation's friend",
    example: "https://takapoo.ir/auth/invite/k7m2q9x4ab",
  }),
  phone: z.string().meta({ example: "+989121234567" }),
  name: z.string().nullable(),
  status: z.enum(invitationStatuses),
  invited_at: dateTime(),
  texted: z.boolean().meta({ description: "Whether the SMS went to the provider (it is sent again until it does)" }),
  registered_at: dateTime().nullable(),
  paid_at: dateTime().nullable(),
  reward_due_at: dateTime().nullable(),
  joined_at: dateTime().nullable(),
  reward: z.number().int().nullable().meta({ description: "Rials paid to the inviter (joined), else null" }),
  no_reward_reason: z.enum(["same_person"]).nullable(),
  reward_waits_for_identity: z.boolean().meta({
    description: "The friend bought a plan, but the reward is paid only once their identity is verified (and is not the inviter's)",
  }),
});
export type InvitationView = z.infer<typeof invitationOutput>;

export const invitationCreatedOutput = z.object({
  invitation: invitationOutput,
  texted: z.boolean().meta({ description: "Whether an SMS left for the friend now; when not, the message asks to share the link" }),
  message: z.string(),
});
export type InvitationCreated = z.infer<typeof invitationCreatedOutput>;

/** The invite page's figures: the plan's invitations left in this period, and the reward per friend. */
export const invitationAllowanceOutput = z.object({
  invitations_allowed: z.number().int(),
  invitations_left: z.number().int(),
  reward: z.number().int().meta({ description: "Rials per friend who buys a first plan" }),
  reward_hold_days: z.number().int(),
  membership: z.boolean(),
});
export type InvitationAllowance = z.infer<typeof invitationAllowanceOutput>;

export const optOutInput = z.object({ code: invitationCode() });

/** The admins' setting: the reward per friend who buys a first plan (Rials; 0 turns rewards off). */
export const invitationRewardSetting = z.object({
  reward: z.number("invalid_value").int("invalid_value").min(0, "invalid_value").max(100_000_000, "invalid_value"),
});

export const invitationCodeParam = z.object({ code: invitationCode() });

/** What the SMS's link shows the invited person: who invited them, and whether they already asked not to be texted. */
export const invitationLandingOutput = z.object({
  inviter: z.string().meta({ description: "The inviter's first name" }),
  opted_out: z.boolean(),
});
export type InvitationLanding = z.infer<typeof invitationLandingOutput>;

/* ---- Endpoints: the routes (server/invitations) and the browser (lib/api/invitations.ts) read these ---- */

export const invitationEndpoints = {
  list: endpoint({ method: "get", path: "/invitations", query: invitationListQuery, response: invitationOutput, list: true }),
  allowance: endpoint({ method: "get", path: "/invitations/allowance", response: invitationAllowanceOutput }),
  create: endpoint({ method: "post", path: "/invitations", body: createInvitationInput, response: invitationCreatedOutput, status: 201 }),
  /** The SMS's link: who invited this phone; and its stop link (answers 204, no body). */
  landing: endpoint({ method: "get", path: "/invitations/code/{code}", params: invitationCodeParam, response: invitationLandingOutput }),
  optOut: endpoint({ method: "post", path: "/invitations/opt-out", body: optOutInput, status: 204 }),
  /** The back office's reward setting. */
  reward: endpoint({ method: "get", path: "/admin/settings/invitations", response: invitationRewardSetting }),
  setReward: endpoint({
    method: "put",
    path: "/admin/settings/invitations",
    body: invitationRewardSetting,
    response: invitationRewardSetting,
  }),
};
