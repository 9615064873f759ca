const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is written as a UUID (what a uuid column accepts): check before a cast can fail a statement. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
