import { OpenAPIHono, z } from "@hono/zod-openapi";
import { userOutput } from "@/lib/schemas/auth";
import { pageOf } from "@/lib/schemas/common";
import { identityQueueQuery, rejectIdentityInput, userMessageOutput } from "@/lib/schemas/profile";
import { findUserById } from "@/server/auth";
import { listPendingIdentities, reviewIdentity } from "@/server/profile/identity-review";
import { requireAdmin } from "@/server/http/auth";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { toUserOutput } from "@/server/auth";
import { dataEnvelope } from "@/server/http/envelope";
import { AppError } from "@/server/core/errors";
import { translateApi } from "@/server/http/i18n";
import { serveStoredImage } from "@/server/profile/routes";
import { apiRoute, err, idParam, json, named, listAnswer } from "@/server/http/route-parts";

const notFound = {
  404: err("Not found (also for anyone who is not an admin)"),
};
const listRoute = apiRoute({
  method: "get",
  path: "/admin/identity-requests",
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Identity verification requests awaiting review, oldest first",
  request: { query: identityQueueQuery },
  responses: {
    200: {
      description: "The queue",
      content: {
        "application/json": {
          schema: pageOf(userOutput),
        },
      },
    },
    ...notFound,
  },
});

const userRoute = apiRoute({
  method: "get",
  path: "/admin/users/{id}",
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "A user's profile",
  request: { params: idParam },
  responses: { 200: { description: "The user", ...json(dataEnvelope(userOutput)) }, ...notFound },
});

const cardRoute = apiRoute({
  method: "get",
  path: "/admin/users/{id}/identity-card",
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "A user's national ID card image",
  request: { params: idParam },
  responses: { 200: { description: "The image", content: { "image/jpeg": { schema: z.any() } } }, ...notFound },
});

const approveRoute = apiRoute({
  method: "post",
  path: "/admin/users/{id}/identity/approve",
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Approve a pending identity (identity_verified)",
  request: { params: idParam },
  responses: {
    200: {
      description: "Approved",
      ...json(dataEnvelope(userMessageOutput)),
    },
    409: err("Not pending"),
    ...notFound,
  },
});

const rejectRoute = apiRoute({
  method: "post",
  path: "/admin/users/{id}/identity/reject",
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Reject a pending identity with a reason shown to the user",
  request: {
    params: idParam,
    body: { required: true, content: { "application/json": { schema: named(rejectIdentityInput, "RejectIdentityInput") } } },
  },
  responses: {
    200: {
      description: "Rejected",
      ...json(dataEnvelope(userMessageOutput)),
    },
    409: err("Not pending"),
    ...notFound,
  },
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
