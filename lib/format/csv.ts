/**
 * One CSV cell: quoted when it holds a comma, a quote or a line break; text a spreadsheet would run as a formula
 * is kept as text. A number stays a number (−3000000 is an amount, not a formula).
 */
export function csvCell(value: string | number | null): string {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = value === null ? "" : value;
  // A cell that a spreadsheet would run as a formula is quoted as text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as CSV lines (CRLF, as RFC 4180 and spreadsheet programs expect), ending with a line break. */
export function csvText(rows: readonly (readonly (string | number | null)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
