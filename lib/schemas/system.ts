import { z } from "zod";

/** GET health: the app and its database answer. */
export const healthOutput = z.object({ status: z.literal("ok"), database: z.literal("ok") });
/** GET ip/info: ISO 3166-1 alpha-2, or null when unknown. */
export const ipInfoOutput = z.object({ country_code: z.string().length(2).nullable().meta({ example: "IR" }) });
/** GET build: the deployed build's id. */
export const buildOutput = z.object({ build_id: z.string().nullable() });
