import { OpenAPIHono } from "@hono/zod-openapi";
import { invitationEndpoints, invitationOutput } from "@/lib/schemas/invitations";
import { AppError } from "@/server/core/errors";
import { env } from "@/server/core/env";
import { requireAdmin, requireUser } from "@/server/http/auth";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { errorResponses } from "@/server/http/envelope";
import { publicOrigin } from "@/server/http/origin";
import { translateApi } from "@/server/http/i18n";
import { idempotencyHeaders, idempotent } from "@/server/http/idempotency";
import { components, endpointRoute, err, listAnswer } from "@/server/http/route-parts";
import { inviteFriend } from "./invite";
import { invitationReward, optOut, textInvitations } from "./lifecycle";
import { toInvitationOutput } from "./present";
import { invitationAllowance, invitationByCode, listInvitations, ownInvitation } from "./queries";
import { setInvitationReward } from "./settings";

components({ Invitation: invitationOutput });

const listRoute = endpointRoute(invitationEndpoints.list, {
  middleware: [requireUser] as const,
  tags: ["Invitations"],
  summary: "The caller's invitations, newest first: all, sent (pending), registered (registered or paid), accepted (joined)",
  answer: "A page of invitations",
  responses: { ...errorResponses },
});
const allowanceRoute = endpointRoute(invitationEndpoints.allowance, {
  middleware: [requireUser] as const,
  tags: ["Invitations"],
  summary: "The plan's invitations left in this period, and the reward per friend",
  answer: "The allowance",
});
const createRouteDef = endpointRoute(invitationEndpoints.create, {
  middleware: [requireUser, idempotent] as const,
  tags: ["Invitations"],
  summary:
    "Invite a friend: their mobile (required) and a name (optional); counted on the plan's invitations. An SMS goes when a provider is set up; the answer's link can always be shared",
  request: { headers: idempotencyHeaders },
  bodyName: "CreateInvitationInput",
  answer: "The invitation, its link, whether a text left, and what to tell the inviter",
  responses: {
    400: err("ERR_NO_ACTIVE_MEMBERSHIP"),
    403: err("invitations_used_up: all the period's invitations are used"),
    409: err("ERR_USER_ALREADY_INVITED, ERR_USER_ALREADY_REGISTERED, ERR_MAX_INVITATIONS (params.limit a day), or invitation_opted_out"),
  },
});
const optOutRoute = endpointRoute(invitationEndpoints.optOut, {
  tags: ["Invitations"],
  summary: "The invitation SMS's stop link: the phone is never texted again",
  answer: "Done (also when already done)",
  responses: { 404: err("No such invitation") },
});
const landingRoute = endpointRoute(invitationEndpoints.landing, {
  tags: ["Invitations"],
  summary: "The invitation SMS's link: who invited this phone (first name), and whether it opted out",
  answer: "The invitation",
  responses: { 404: err("No such invitation"), ...errorResponses },
});
const settingRoute = endpointRoute(invitationEndpoints.setReward, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "The inviter's reward per friend who buys a first plan (Rials; 0: none)",
  answer: "The setting",
  responses: { 404: err("Not found") },
});
const settingGetRoute = endpointRoute(invitationEndpoints.reward, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "The inviter's reward per friend",
  answer: "The setting",
  responses: { 404: err("Not found") },
});

/** Invitations (issue 18): invite a friend by SMS, the list and what is left, the opt-out, the reward setting. */
export function invitationRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => {
      const query = c.req.valid("query");
      const found = await listInvitations({ db: c.get("db") }, { inviterId: c.get("user").id, query });
      const origin = publicOrigin(c.req.url);
      return c.json(
        listAnswer(query, found, (row) => toInvitationOutput(row, origin)),
        200,
      );
    })
    .openapi(allowanceRoute, async (c) => {
      const [allowance, reward] = await Promise.all([
        invitationAllowance({ db: c.get("db") }, { userId: c.get("user").id }),
        invitationReward({ db: c.get("db") }),
      ]);
      return c.json(
        {
          data: {
            membership: allowance.membership,
            invitations_allowed: allowance.allowed,
            invitations_left: allowance.left,
            reward,
            reward_hold_days: env.INVITATION_REWARD_HOLD_DAYS,
          },
        },
        200,
      );
    })
    .openapi(createRouteDef, async (c) => {
      const created = await inviteFriend(ctxOf(c, services), c.req.valid("json"));
      // The SMS after the commit; what does not go now, the outbox job sends. "Sent by SMS" is said only
      // when a text left for a phone; otherwise (no provider, or it failed for now) the link is to share.
      const report = await textInvitations({ db: c.get("db") }, { sms: services.sms, only: created.id }).catch(() => null);
      const texted = !services.sms.logsOnly && report?.sent === 1;
      const row = await ownInvitation({ db: c.get("db") }, { inviterId: c.get("user").id, id: created.id });
      return c.json(
        {
          data: {
            invitation: toInvitationOutput(row ?? { invitation: created, reward: null, friendVerified: null }, publicOrigin(c.req.url)),
            texted,
            message: translateApi(c.get("locale"), texted ? "messages.invitation_sent" : "messages.invitation_share_link"),
          },
        },
        201,
      );
    })
    .openapi(landingRoute, async (c) => {
      const found = await invitationByCode({ db: c.get("db") }, { code: c.req.valid("param").code });
      if (!found) throw new AppError("invitation_not_found");
      return c.json({ data: { inviter: found.inviter, opted_out: found.optedOut } }, 200);
    })
    .openapi(optOutRoute, async (c) => {
      await optOut({ db: c.get("db") }, { code: c.req.valid("json").code });
      return c.body(null, 204);
    })
    .openapi(settingGetRoute, async (c) => c.json({ data: { reward: await invitationReward({ db: c.get("db") }) } }, 200))
    .openapi(settingRoute, async (c) => {
      const { reward } = c.req.valid("json");
      await setInvitationReward(
        { ...ctxOf(c, services), translate: (key, params) => translateApi(c.get("locale"), key, params) },
        { reward },
      );
      return c.json({ data: { reward } }, 200);
    });
}
