import { csvText } from "@/lib/format/csv";
import type { StatementRow } from "@/server/payments/statement";

/** The byte-order mark that tells spreadsheet programs the file is UTF-8 (Persian reads as Persian, not as mojibake). */
const BOM = "\uFEFF";

/**
 * The statement as CSV (issue 33): one row per line, newest first. The date in the reader's calendar (the Solar
 * Hijri one in fa-IR, with Latin digits so a spreadsheet sorts it) beside the ISO time; amounts as plain integers
 * in Rials; kind, status and account in the reader's words (`label` reads the pages' messages under
 * wallet.statement).
 */
export function statementCsv(rows: readonly StatementRow[], input: { locale: string; label: (key: string) => string }): string {
  const { label } = input;
  const day = new Intl.DateTimeFormat(`${input.locale}-u-nu-latn`, {
    timeZone: "Asia/Tehran",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  const time = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Tehran", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const header = ["date", "iso", "kind", "status", "amount", "balance", "account", "reference", "bankReference", "subject"].map((key) =>
    label(`csv.${key}`),
  );
  const lines = rows.map((row) => [
    `${day.format(new Date(row.at))} ${time.format(new Date(row.at))}`,
    row.at,
    label(`kinds.${row.kind}`),
    label(`statuses.${row.status}`),
    row.amount,
    row.balance_after,
    label(`accounts.${row.account}`),
    row.reference,
    row.bank_reference,
    row.subject_id,
  ]);
  return BOM + csvText([header, ...lines]);
}
