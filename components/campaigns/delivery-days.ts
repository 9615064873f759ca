/** A Tehran day ("YYYY-MM-DD") as a date whose UTC calendar day is that day: shown with timeZone UTC it never shifts. */
export const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);
