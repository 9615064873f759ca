import { OpenAPIHono } from "@hono/zod-openapi";
import { activityEndpoints } from "@/lib/schemas/activities";
import { MAX_UPLOAD_BYTES } from "@/server/uploads";
import { AppError } from "@/server/core/errors";
import { attachProofImage } from "@/server/activities/proof-image";
import { boosterNameOf } from "@/server/activities/booster-name";
import { toActivityOutput } from "@/server/activities/present";
import { findActivity } from "@/server/activities/queries";
import { requireAdmin, requireUser } from "@/server/http/auth";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { endpointRoute, err, imageUploadRefusals } from "@/server/http/route-parts";
import { serveStoredImage } from "@/server/profile";

const uploadRoute = endpointRoute(activityEndpoints.screenshot, {
  middleware: [requireUser] as const,
  tags: ["Earn"],
  summary: "Attach a screenshot of the work to an activity in progress (multipart, field `screenshot`); a new one replaces it",
  answer: "Attached",
  responses: { 404: err("Not found"), 409: err("Not in progress"), ...imageUploadRefusals },
});

const viewRoute = endpointRoute(activityEndpoints.screenshotImage, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "An activity's screenshot, for its reviewer",
  answer: "The image",
  responses: { 404: err("None, or not an admin") },
});

/** The booster's screenshot of Instagram work, and the reviewer's view of it. */
export function activityProofRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>()
    .openapi(uploadRoute, async (c) => {
      if (!(c.req.header("content-type") ?? "").startsWith("multipart/form-data")) throw new AppError("unsupported_media_type");
      let file: unknown;
      try {
        file = (await c.req.formData()).get("screenshot");
      } catch {
        throw new AppError("bad_request");
      }
      if (!(file instanceof File) || file.size === 0) throw new AppError("screenshot_missing");
      if (file.size > MAX_UPLOAD_BYTES) throw new AppError("upload_too_large");
      const activity = await attachProofImage(
        { ...ctxOf(c, services), storage: services.storage },
        {
          id: c.req.valid("param").id,
          image: { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name, mimeType: file.type },
        },
      );
      const booster = await boosterNameOf({ db: c.get("db") }, { caller: c.get("user"), activity });
      return c.json({ data: toActivityOutput(activity, booster, { reward: true }) }, 200);
    })
    .openapi(viewRoute, async (c) => {
      const activity = await findActivity({ db: c.get("db") }, { id: c.req.valid("param").id });
      return serveStoredImage(services, activity?.proofImageKey ?? null) as never;
    });
}
