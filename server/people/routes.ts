import { OpenAPIHono } from "@hono/zod-openapi";
import { peopleEndpoints, personOutput, personOverviewOutput } from "@/lib/schemas/people";
import { requireAdmin } from "@/server/http/auth";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { errorResponses } from "@/server/http/envelope";
import { translateApi } from "@/server/http/i18n";
import { components, endpointRoute, err } from "@/server/http/route-parts";
import { banUser, unbanUser } from "./ban";
import { personOverview, searchPeople } from "./queries";

components({ Person: personOutput, PersonOverview: personOverviewOutput });

const notFound = { 404: err("Not found (also for anyone who is not an admin)") };

const searchRoute = endpointRoute(peopleEndpoints.search, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Find people by phone (any spelling), e-mail, national ID or name; newest first",
  answer: "A page of people",
  responses: { ...notFound, ...errorResponses },
});

const overviewRoute = endpointRoute(peopleEndpoints.overview, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "A person: profile, ban in force, balances, newest campaigns, activities, payouts, invitations, open sessions",
  answer: "The person",
  responses: notFound,
});

const banRoute = endpointRoute(peopleEndpoints.ban, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary:
    "Ban until a date with a reason: the person's sessions end, sign-in is refused (403 account_banned), and the wallet and earnings move to their frozen account by ledger transfers carrying the reason",
  bodyName: "BanInput",
  answer: "Banned",
  responses: { 409: err("Already banned (user_already_banned), or an admin (cannot_ban_admin)"), ...notFound },
});

const unbanRoute = endpointRoute(peopleEndpoints.unban, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Lift the ban in force: what it held goes back to the wallet and the earnings",
  answer: "Unbanned",
  responses: { 409: err("Not banned (user_not_banned)"), ...notFound },
});

/** The back office's people view (issue 18): search, a person's overview, ban and unban. */
export function peopleRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>()
    .openapi(searchRoute, async (c) => {
      const query = c.req.valid("query");
      const found = await searchPeople({ db: c.get("db") }, query);
      return c.json({ data: found.rows, meta: { page: query.page, per_page: query.per_page, total: found.total } }, 200);
    })
    .openapi(overviewRoute, async (c) =>
      c.json({ data: await personOverview({ db: c.get("db") }, { userId: c.req.valid("param").id }) }, 200),
    )
    .openapi(banRoute, async (c) => {
      const { id } = c.req.valid("param");
      const input = c.req.valid("json");
      await banUser(ctxOf(c, services), { userId: id, reason: input.reason, expiresAt: new Date(input.expires_at) });
      const message = translateApi(c.get("locale"), "messages.user_banned");
      return c.json({ data: { overview: await personOverview({ db: c.get("db") }, { userId: id }), message } }, 200);
    })
    .openapi(unbanRoute, async (c) => {
      const { id } = c.req.valid("param");
      await unbanUser(ctxOf(c, services), { userId: id });
      const message = translateApi(c.get("locale"), "messages.user_unbanned");
      return c.json({ data: { overview: await personOverview({ db: c.get("db") }, { userId: id }), message } }, 200);
    });
}
