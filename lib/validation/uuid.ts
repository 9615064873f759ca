/** A UUID as the wire and a uuid column write it (any case), without anchors: to build other patterns from. */
export const UUID_SOURCE = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const UUID = new RegExp(`^${UUID_SOURCE}$`, "i");

/** Whether `value` is written as a UUID (what a uuid column accepts): check before a cast can fail a statement. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
