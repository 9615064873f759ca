import { count, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/** A list query with its where and order applied: the helper adds the page's limit and offset. */
type Pageable<Row> = { limit(limit: number): { offset(offset: number): PromiseLike<Row[]> } };

/** A page of a list and how many rows the whole list has. */
export type Paged<Row> = { rows: Row[]; total: number };

/**
 * One page of a list and the count of all its rows, over the same where: the where is given once,
 * to `list.where`; `rows` builds the select (joins, columns, order) on it, the count runs over
 * `list.from` with it, both at once.
 */
export async function paged<Row>(
  db: Pick<Db, "select">,
  list: { from: PgTable; where: SQL | undefined; page: number; perPage: number },
  rows: (where: SQL | undefined) => Pageable<Row>,
): Promise<Paged<Row>> {
  const [page, [total]] = await Promise.all([
    rows(list.where)
      .limit(list.perPage)
      .offset((list.page - 1) * list.perPage),
    db.select({ n: count() }).from(list.from).where(list.where),
  ]);
  return { rows: page, total: total?.n ?? 0 };
}
