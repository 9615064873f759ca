import { and, asc, sql, type SQL, type Subquery } from "drizzle-orm";
import type { PgColumn, SubqueryWithSelection } from "drizzle-orm/pg-core";
import { preparedOnce } from "@/server/db/prepared";
import { executor, type DbCtx } from "@/server/core/context";
import { batchedPerDatabase } from "@/server/db/batched";
import type { Db } from "@/server/db";
import type { Paged } from "@/server/db/paged";
import { callersParam, openCallers } from "@/server/auth/sessions";
import type { AccessClaims } from "@/server/auth/jwt";

/**
 * A list for the callers of one turn (callerList, callerPageQuery): each caller (server/auth openCallers)
 * brings their page's limit and offset, and their status filter; the page's subquery is `limit
 * callerLimit offset callerOffset` (drizzle writes any SQL given as the limit), of the rows `callerOwns`.
 */
const CALLER_PAGE_COLUMNS = { lim: "int", off: "int" };
const CALLER_PAGE_STATUS_COLUMNS = { ...CALLER_PAGE_COLUMNS, status: "text" };
export const callerLimit = sql`k.lim` as unknown as number;
export const callerOffset = sql`k.off` as unknown as number;

/** The caller's own rows (k.user_id: the caller, whose session the statement found open), and of k.status when `status` is given. */
export function callerOwns(owner: PgColumn, status?: PgColumn): SQL {
  return and(sql`${owner} = k.user_id`, status ? sql`${status} = k.status` : undefined)!;
}

type PageCall = { caller: AccessClaims; status?: string | undefined; limit: number; offset: number };
/** What a list statement answers: per caller with an open session (k.at) the list's total and a row of the page, or one row with none past the last page. */
type PageStatement<Row> = (db: Db) => { execute(params: { callers: string }): Promise<{ at: number; total: number; row: Row | null }[]> };

/**
 * A page of a list for each caller of one turn from one statement (server/db/batched.ts): the page and
 * the total, or null for a caller whose session is not open.
 */
function callerPages<Row>(statement: PageStatement<Row>): (db: Db, call: PageCall) => Promise<Paged<Row> | null> {
  return batchedPerDatabase<PageCall, Paged<Row>>(
    async (db, calls) => {
      const fields = (i: number) => ({ lim: calls[i]!.limit, off: calls[i]!.offset, status: calls[i]!.status ?? null });
      const rows = await statement(db).execute({
        callers: callersParam(
          calls.map((call) => call.caller),
          fields,
        ),
      });
      const pages = new Map<number, Paged<Row>>();
      for (const { at, total, row } of rows) {
        let page = pages.get(at);
        if (!page) pages.set(at, (page = { rows: [], total }));
        if (row) page.rows.push(row);
      }
      return calls.map((_, i) => pages.get(i + 1) ?? null);
    },
    { max: 64 },
  );
}

/**
 * A list of the callers of one turn, all of it or of one status: `statement(db, byStatus)` prepares its
 * statement each way (callerPageQuery); the answer takes the caller's filter as the routes parse it.
 */
export function callerList<Row>(statement: (db: Db, byStatus: boolean) => ReturnType<PageStatement<Row>>) {
  const all = callerPages(preparedOnce((db) => statement(db, false)));
  const ofStatus = callerPages(preparedOnce((db) => statement(db, true)));
  return (ctx: DbCtx, caller: AccessClaims, filter: { status?: string | undefined; page: number; perPage: number }) =>
    (filter.status ? ofStatus : all)(executor(ctx), {
      caller,
      status: filter.status,
      limit: filter.perPage,
      offset: (filter.page - 1) * filter.perPage,
    });
}

/**
 * The statement of a callerList without its name: per caller with an open session (k.at) the list's
 * `total` (a lateral with the column n) and a row of its `page` (a lateral named as its table, so `row`,
 * that table's columns, maps fastest), or one row without one past the last page; ordered by caller, then
 * `order`.
 */
export function callerPageQuery<TRow extends Record<string, PgColumn>>(
  db: Db,
  byStatus: boolean,
  parts: { total: SubqueryWithSelection<{ n: SQL.Aliased<number> }, "total">; page: Subquery; row: TRow; order: SQL[] },
) {
  const callers = openCallers(db, byStatus ? CALLER_PAGE_STATUS_COLUMNS : CALLER_PAGE_COLUMNS);
  return db
    .select({ at: sql<number>`k.at`.mapWith(Number), total: parts.total.n, row: parts.row })
    .from(callers.from)
    .innerJoinLateral(callers.open, sql`true`)
    .innerJoinLateral(parts.total, sql`true`)
    .leftJoinLateral(parts.page, sql`true`)
    .orderBy(asc(sql`k.at`), ...parts.order);
}
