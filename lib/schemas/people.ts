import { z } from "zod";
import { userOutput } from "./auth";
import { dateTime, endpoint, idParam, paging, text } from "./common";
import {
  activityStatuses,
  activityTypes,
  campaignNetworks,
  campaignStatuses,
  identityStatuses,
  invitationStatuses,
  payoutStatuses,
  userRoles,
} from "./enums";
import { reason } from "./profile";

/**
 * The back office's people view (issue 18): find a user by phone, e-mail or national ID, see what
 * they have and do, ban them for a while with a reason, lift the ban.
 */

/** GET admin/users: `q` is a phone (any of 0912…, +98912…, 98912…; Persian digits too), an e-mail, a national ID or a name. */
export const peopleSearchQuery = z.object({
  q: text("invalid_value").trim().max(100, "too_big_string").optional(),
  ...paging,
});
export type PeopleSearchQuery = z.input<typeof peopleSearchQuery>;

export const banOutput = z.object({
  id: z.string().uuid(),
  reason: z.string(),
  expires_at: dateTime(),
  created_at: dateTime(),
  banned_by: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  held_wallet: z.number().int().meta({ description: "Rials moved from the wallet into the frozen account" }),
  held_earnings: z.number().int().meta({ description: "Rials moved from the earnings into the frozen account" }),
});
export type Ban = z.infer<typeof banOutput>;

/** One line of the search's answer. */
export const personOutput = z.object({
  id: z.string().uuid(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  national_id: z.string().nullable(),
  role: z.enum(userRoles),
  identity_status: z.enum(identityStatuses),
  created_at: dateTime(),
  banned_until: dateTime().nullable().meta({ description: "While a ban is in force: until when" }),
});
export type Person = z.infer<typeof personOutput>;

const recent = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), recent: z.array(item) });

/** GET admin/users/{id}/overview: the person, their ban, balances and the newest of each thing they have. */
export const personOverviewOutput = z.object({
  user: userOutput,
  ban: banOutput.nullable(),
  balances: z.object({
    wallet: z.number().int(),
    earnings: z.number().int(),
    earnings_held: z.number().int().meta({ description: "Rewards still in their holding period" }),
    frozen: z.number().int().meta({ description: "What a ban holds" }),
  }),
  campaigns: recent(
    z.object({
      id: z.string().uuid(),
      name: z.string(),
      network: z.enum(campaignNetworks),
      status: z.enum(campaignStatuses),
      budget: z.number().int(),
      created_at: dateTime(),
    }),
  ),
  activities: recent(
    z.object({
      id: z.string().uuid(),
      campaign_id: z.string().uuid(),
      action: z.string(),
      type: z.enum(activityTypes),
      status: z.enum(activityStatuses),
      reward: z.number().int(),
      created_at: dateTime(),
    }),
  ),
  payouts: recent(z.object({ id: z.string().uuid(), amount: z.number().int(), status: z.enum(payoutStatuses), created_at: dateTime() })),
  invitations: recent(z.object({ id: z.string().uuid(), phone: z.string(), status: z.enum(invitationStatuses), created_at: dateTime() })),
  sessions: z.array(
    z.object({
      id: z.string().uuid(),
      user_agent: z.string().nullable(),
      ip: z.string().nullable(),
      created_at: dateTime(),
      last_used_at: dateTime(),
    }),
  ),
});
export type PersonOverview = z.infer<typeof personOverviewOutput>;

/** The longest ban: ten years. */
export const BAN_MAX_DAYS = 3650;

/** POST admin/users/{id}/ban: why (shown in the audit log) and until when (in the future, at most BAN_MAX_DAYS away). */
export const banInput = z.object({
  reason: reason(),
  expires_at: text("required")
    .datetime({ offset: true, message: "invalid_format" })
    .refine((value) => new Date(value).getTime() > Date.now(), "ban_expiry_past")
    .refine((value) => new Date(value).getTime() <= Date.now() + BAN_MAX_DAYS * 86_400_000, "ban_expiry_too_far"),
});
export type BanInput = z.input<typeof banInput>;

export const banResultOutput = z.object({ overview: personOverviewOutput, message: z.string() });

/* ---- Endpoints: the routes (server/people) and the browser (lib/api/admin-people.ts) read these ---- */

export const peopleEndpoints = {
  search: endpoint({ method: "get", path: "/admin/users", query: peopleSearchQuery, response: personOutput, list: true }),
  overview: endpoint({ method: "get", path: "/admin/users/{id}/overview", params: idParam, response: personOverviewOutput }),
  ban: endpoint({ method: "post", path: "/admin/users/{id}/ban", params: idParam, body: banInput, response: banResultOutput }),
  unban: endpoint({ method: "post", path: "/admin/users/{id}/unban", params: idParam, response: banResultOutput }),
};
