import { z } from "zod";

/** POST pages/get: the page's slug, the last segment of /pages/<slug>. Shared by the API and the web. */
export const getPageInput = z.object({
  slug: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, "invalid_format"),
});
export type GetPageInput = z.infer<typeof getPageInput>;
