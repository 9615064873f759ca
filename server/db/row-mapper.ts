import { Column, SQL, Subquery, getTableColumns, getTableName, is, type Table } from "drizzle-orm";

/** A selected field of a drizzle prepared select: where it goes in the row object and what decodes it. */
type Field = { path: string[]; field: unknown };
type Decoder = { mapFromDriverValue(value: unknown): unknown };
/** What a drizzle prepared select carries (pg-core session.js, both drivers): read when it first answers. */
type PreparedSelect = {
  fields?: Field[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
};
type Row = Record<string, unknown>;

/** The decoder drizzle's mapResultRow picks for a field, by its kind. */
function decoderOf(field: unknown): Decoder {
  // `decoder` is internal to drizzle's SQL (set by mapWith), hence the casts.
  const decoderOfSql = (sql: unknown) => (sql as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field._ as { sql: SQL }).sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/**
 * The rows of `fields` mapped as drizzle's mapResultRow maps them (drizzle-orm/utils.js), with what it
 * works out per row and column worked out once: the decoder, the path, the table of a joined column. A
 * nested object of a left join is null when its first column is and all its columns are of one table
 * not sure to be joined, as drizzle decides. Paths one or two deep only (what our selects use).
 */
export function compileRowMapper(fields: Field[], joinsNotNullableMap: Record<string, boolean> | undefined): (rows: unknown[][]) => Row[] {
  const columns = fields.map(({ path, field }) => ({
    decoder: decoderOf(field),
    key: path[0]!,
    inner: path.length === 2 ? path[1] : undefined,
    table: joinsNotNullableMap && path.length === 2 && is(field, Column) ? getTableName(field.table) : undefined,
  }));
  const mapRow = (row: unknown[]): Row => {
    const result: Row = {};
    let nullify: Record<string, string | false> | undefined;
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i]!;
      const raw = row[i];
      const value = raw === null ? null : column.decoder.mapFromDriverValue(raw);
      if (column.inner === undefined) {
        result[column.key] = value;
        continue;
      }
      ((result[column.key] ??= {}) as Row)[column.inner] = value;
      if (column.table === undefined) continue;
      nullify ??= {};
      if (!(column.key in nullify)) nullify[column.key] = value === null ? column.table : false;
      else if (typeof nullify[column.key] === "string" && nullify[column.key] !== column.table) nullify[column.key] = false;
    }
    if (nullify)
      for (const key in nullify) {
        const table = nullify[key];
        if (typeof table === "string" && !joinsNotNullableMap![table]) result[key] = null;
      }
    return result;
  };
  return (rows) => rows.map(mapRow);
}

/**
 * A drizzle prepared select answering through compileRowMapper: for the hot reads, mapping rows field by
 * field (a type check per column and row) cost more than parsing them (tests/bench/campaigns.mjs). Any
 * other prepared query is returned as it is.
 */
export function withCompiledRows<T>(prepared: T): T {
  const query = prepared as PreparedSelect;
  if (!query || typeof query !== "object" || !Array.isArray(query.fields) || query.customResultMapper) return prepared;
  if (query.fields.some(({ path }) => path.length > 2)) return prepared;
  let map: ((rows: unknown[][]) => Row[]) | undefined;
  query.customResultMapper = (rows) => (map ??= compileRowMapper(query.fields!, query.joinsNotNullableMap))(rows);
  return prepared;
}

/**
 * A row of `table` as a statement answered it through row_to_json (keys are column names), decoded as a
 * select of the table would decode it: for a statement that writes several tables and answers their rows.
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T["$inferSelect"] {
  const row: Row = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T["$inferSelect"];
}
