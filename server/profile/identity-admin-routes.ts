import { OpenAPIHono } from "@hono/zod-openapi";
import { profileEndpoints } from "@/lib/schemas/profile";
import { findUserById } from "@/server/auth";
import { listPendingIdentities, reviewIdentity } from "@/server/profile/identity-review";
import { requireAdmin } from "@/server/http/auth";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { toUserOutput } from "@/server/auth";
import { AppError } from "@/server/core/errors";
import { translateApi } from "@/server/http/i18n";
import { serveStoredImage } from "@/server/profile/routes";
import { endpointRoute, err, listAnswer } from "@/server/http/route-parts";

const notFound = {
  404: err("Not found (also for anyone who is not an admin)"),
};
const listRoute = endpointRoute(profileEndpoints.identityQueue, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Identity verification requests awaiting review, oldest first",
  answer: "The queue",
  responses: notFound,
});

const userRoute = endpointRoute(profileEndpoints.user, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "A user's profile",
  answer: "The user",
  responses: notFound,
});

const cardRoute = endpointRoute(profileEndpoints.userIdentityCard, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "A user's national ID card image",
  answer: "The image",
  responses: notFound,
});

const approveRoute = endpointRoute(profileEndpoints.approveIdentity, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Approve a pending identity (identity_verified)",
  answer: "Approved",
  responses: { 409: err("Not pending"), ...notFound },
});

const rejectRoute = endpointRoute(profileEndpoints.rejectIdentity, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Reject a pending identity with a reason shown to the user",
  bodyName: "RejectIdentityInput",
  answer: "Rejected",
  responses: { 409: err("Not pending"), ...notFound },
});

/** The back office's identity review: the queue, a user's profile and card, approve and reject. */
export function identityAdminRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => {
      const query = c.req.valid("query");
      const { users, total } = await listPendingIdentities({ db: c.get("db") }, { page: query.page, perPage: query.per_page });
      return c.json(listAnswer(query, { rows: users, total }, toUserOutput), 200);
    })
    .openapi(userRoute, async (c) => {
      const user = await findUserById({ db: c.get("db") }, { id: c.req.valid("param").id });
      if (!user) throw new AppError("not_found");
      return c.json({ data: toUserOutput(user) }, 200);
    })
    .openapi(cardRoute, async (c) => {
      const user = await findUserById({ db: c.get("db") }, { id: c.req.valid("param").id });
      return serveStoredImage(services, user?.identityCardKey ?? null) as never;
    })
    .openapi(approveRoute, async (c) => {
      const user = await reviewIdentity(ctxOf(c, services), { userId: c.req.valid("param").id, approve: true });
      return c.json({ data: { user: toUserOutput(user), message: translateApi(c.get("locale"), "messages.identity_approved") } }, 200);
    })
    .openapi(rejectRoute, async (c) => {
      const { reason } = c.req.valid("json");
      const user = await reviewIdentity(ctxOf(c, services), { userId: c.req.valid("param").id, approve: false, reason });
      return c.json({ data: { user: toUserOutput(user), message: translateApi(c.get("locale"), "messages.identity_rejected") } }, 200);
    });
}
