import { and, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { batchedPerDatabase } from "@/server/db/batched";
import type { Db } from "@/server/db";
import type { Paged } from "@/server/db/paged";
import { callersParam } from "@/server/auth/sessions";
import type { AccessClaims } from "@/server/auth/jwt";

/**
 * The columns of a list statement for the callers of one turn (server/auth openCallers with
 * CALLER_PAGE_COLUMNS or CALLER_PAGE_STATUS_COLUMNS): the caller's page is `limit callerLimit offset
 * callerOffset` (drizzle writes any SQL given as the limit), their rows those `callerOwns`.
 */
export const CALLER_PAGE_COLUMNS = { lim: "int", off: "int" };
export const CALLER_PAGE_STATUS_COLUMNS = { ...CALLER_PAGE_COLUMNS, status: "text" };
export const callerLimit = sql`k.lim` as unknown as number;
export const callerOffset = sql`k.off` as unknown as number;

/** The caller's own rows (k.user_id: the caller, whose session the statement found open), and of k.status when `status` is given. */
export function callerOwns(owner: PgColumn, status?: PgColumn): SQL {
  return and(sql`${owner} = k.user_id`, status ? sql`${status} = k.status` : undefined)!;
}

export type PageCall = { caller: AccessClaims; status?: string | undefined; limit: number; offset: number };
/** What a list statement answers: per caller with an open session (k.at) the list's total and a row of the page, or one row with none past the last page. */
type PageStatement<Row> = (db: Db) => { execute(params: { callers: string }): Promise<{ at: number; total: number; row: Row | null }[]> };

/**
 * A page of a list for each caller of one turn from one statement (server/db/batched.ts): the page and
 * the total, or null for a caller whose session is not open.
 */
export function callerPages<Row>(statement: PageStatement<Row>): (db: Db, call: PageCall) => Promise<Paged<Row> | null> {
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
