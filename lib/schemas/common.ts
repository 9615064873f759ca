import { z } from "zod";

/**
 * What every feature's contract shares: list paging (DESIGN §2: lists answer `{ data, meta }` and
 * take `?page=&per_page=`), uuid path parameters and timestamps as the wire carries them.
 */
export const paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
};
export const listMeta = z.object({ page: z.number(), per_page: z.number(), total: z.number() });
export type ListMeta = z.infer<typeof listMeta>;

/** `{ data: T[], meta }`: one page of a list. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: listMeta });

export const uuidParam = () => z.string().uuid("invalid_format");
export const idParam = z.object({ id: uuidParam() });

/** An instant on the wire: ISO 8601 in UTC. */
export const dateTime = () => z.string().meta({ format: "date-time" });
