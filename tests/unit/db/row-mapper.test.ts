import { describe, expect, it } from "vitest";
import { getTableColumns, sql } from "drizzle-orm";
// drizzle's own mapping, the reference: exported by its utils module, though not in its types.
import * as drizzleUtils from "drizzle-orm/utils";
import { campaigns, users } from "@/server/db/schema";
import { compileRowMapper, withCompiledRows } from "@/server/db/row-mapper";

// The compiled mapper (server/db/row-mapper.ts) must answer what drizzle's own mapResultRow answers for
// every shape our prepared selects use: plain and mapped SQL, aliased SQL, a table's columns nested
// under a key, a left join's nested object that is null (its first column null) or only partly null.
const { id, name, createdAt, budget, invoice, pace } = getTableColumns(campaigns);
const selection = {
  at: sql<number>`k.at`.mapWith(Number),
  raw: sql`k.raw`,
  total: sql<number>`count(*)`.mapWith(Number).as("total"),
  user: { id: users.id, firstName: users.firstName },
  campaign: { id, name, createdAt, budget, invoice, pace },
};
const { mapResultRow, orderSelectedFields } = drizzleUtils as unknown as {
  mapResultRow(fields: unknown, row: unknown[], joins: Record<string, boolean> | undefined): unknown;
  orderSelectedFields(fields: unknown): { path: string[]; field: unknown }[];
};
const fields = orderSelectedFields(selection);
const rows: unknown[][] = [
  ["1", "x", "7", "u1", "Ada", "c1", "Campaign", "2026-11-28 02:00:00.123+00", "1000", { lines: [] }, { perDay: 5 }],
  ["2", null, "0", "u2", null, null, null, null, null, null, null],
  ["3", "y", "1", null, null, null, "no id", null, "5", null, null],
];

describe("compiled row mapper", () => {
  for (const joins of [undefined, { users: true, campaigns: false }, { users: false, campaigns: true }]) {
    it(`maps as drizzle does (joins ${JSON.stringify(joins)})`, () => {
      const drizzle = rows.map((row) => mapResultRow(fields, row, joins));
      expect(compileRowMapper(fields, joins)(rows)).toEqual(drizzle);
    });
  }

  it("a left-joined object whose first column is null is null; a date is a Date; numbers are numbers", () => {
    const [full, empty] = compileRowMapper(fields, { users: true, campaigns: false })(rows);
    expect(empty!.campaign).toBeNull();
    expect(full!.campaign).toMatchObject({ id: "c1", budget: 1000, createdAt: new Date("2026-11-28T02:00:00.123Z") });
    expect(full!.at).toBe(1);
  });

  it("installs itself on a prepared select only, leaving anything else as it was", () => {
    const prepared = { fields, joinsNotNullableMap: { users: true, campaigns: false } } as {
      fields: unknown;
      joinsNotNullableMap: unknown;
      customResultMapper?: (rows: unknown[][]) => unknown;
    };
    expect(withCompiledRows(prepared).customResultMapper!(rows)).toEqual(
      rows.map((row) => mapResultRow(fields, row, { users: true, campaigns: false })),
    );
    const custom = { fields, customResultMapper: () => "own" };
    expect(withCompiledRows(custom).customResultMapper()).toBe("own");
    const raw = { text: "select 1" };
    expect(withCompiledRows(raw)).toEqual({ text: "select 1" });
  });
});
