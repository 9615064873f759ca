/** A json value from a raw SQL column: parsed by node-postgres, handed over as text by PGlite's driver. */
export function fromJson<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}
