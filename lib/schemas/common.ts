import { z } from "zod";
import { TEXT_CONTROL_CHARACTERS } from "@/lib/validation/visible-text";

/**
 * What every feature's contract shares: list paging (DESIGN §2: lists answer `{ data, meta }` and
 * take `?page=&per_page=`), uuid path parameters and timestamps as the wire carries them.
 */
export const paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
};
export const listMeta = z.object({ page: z.number(), per_page: z.number(), total: z.number() });
export type ListMeta = z.infer<typeof listMeta>;

/** `{ data: T[], meta }`: one page of a list. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: listMeta });

export const uuidParam = () => z.string().uuid("invalid_format");
export const idParam = z.object({ id: uuidParam() });

/** An instant on the wire: ISO 8601 in UTC. */
export const dateTime = () => z.string().meta({ format: "date-time" });

/**
 * Every string a request carries (body fields, query, path and header parameters) is built on one of
 * these two, so no string reaches a handler or the database with a control character in it:
 * PostgreSQL cannot store a NUL in text (a NUL in the people search answered 500), and the others show
 * nothing while changing what a line says. The check runs first, on the string as sent (before any
 * trim), and stops there: a control character answers `text_control_characters` and nothing else. The
 * pattern is the string's `pattern` in /api/openapi.json, so clients and fuzzers know it (a field
 * with its own stricter pattern, which admits no control character either, documents that one:
 * `.meta({ pattern: OWN.source })`). tests/api/security/control-characters.test.ts holds every request
 * string of the document to it.
 */
export const CONTROL_FREE_LINE = /^[^\u0000-\u001F\u007F]*$/;
/** Long text may also hold tab and line breaks (LF, and CR as some clients send CRLF). */
export const CONTROL_FREE_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

/** A single-line string: refuses every C0 control character (U+0000–U+001F) and DEL. `error` is the message when the value is not a string. */
export const text = (error?: string) => z.string(error).regex(CONTROL_FREE_LINE, { message: TEXT_CONTROL_CHARACTERS, abort: true });

/**
 * Long text written in a text box (a page's Markdown, a reviewer's reason): tab and line breaks are
 * allowed, every other C0 control character and DEL refused. Say so in the field's description.
 */
export const longText = (error?: string) => z.string(error).regex(CONTROL_FREE_TEXT, { message: TEXT_CONTROL_CHARACTERS, abort: true });
