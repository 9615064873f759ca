/** "IR062960000000100324200001" → "IR06 2960 0000 0010 0324 2000 01" (read left to right). */
export function groupIban(iban: string): string {
  return iban.replace(/\s+/g, "").replace(/(.{4})(?=.)/g, "$1 ");
}

/** First and last name, or null when both are empty. */
export function fullName(user: { first_name: string; last_name: string }): string | null {
  const name = `${user.first_name} ${user.last_name}`.trim();
  return name || null;
}

/** A wire date "YYYY-MM-DD" as a Date at UTC midnight: format it with timeZone "UTC" so the day never shifts. */
export function dateOnly(value: string): Date | null {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}
