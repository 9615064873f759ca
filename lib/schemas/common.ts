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
/** One page of a list as the browser reads it. */
export type ListResult<T> = { data: T[]; meta: ListMeta };

/** `{ data: T[], meta }`: one page of a list. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: listMeta });

export const uuidParam = () => z.string().uuid("invalid_format");
export const idParam = z.object({ id: uuidParam() });

/** An instant on the wire: ISO 8601 in UTC. */
export const dateTime = () => z.string().meta({ format: "date-time" });

/** A Tehran calendar day on the wire (an answer's, UTC+03:30): "YYYY-MM-DD". */
export const tehranDayText = () => z.string().meta({ description: "Tehran day, YYYY-MM-DD", pattern: "^\\d{4}-\\d{2}-\\d{2}$" });

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

/* ---- Endpoints: one operation as the route and the browser both read it ---- */

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/**
 * One operation of the API, declared once in its feature's contract (`<feature>Endpoints` in
 * lib/schemas/<feature>.ts): the route (server/http/route-parts.ts `endpointRoute`) takes its method,
 * path, request schemas and answer from it, and the browser's client (lib/api/client.ts `api.call`)
 * builds the URL from the same path and types the answer as the schema's output. Nothing else pairs a
 * path with an answer type.
 */
export type Endpoint = {
  method: HttpMethod;
  /** OpenAPI's form, parameters in braces: `/campaigns/{id}/pause`. */
  path: `/${string}`;
  /** The path's parameters (an object schema whose keys are the braces' names). */
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** The body may be left out (POST auth/refresh: the web app's refresh token is a cookie). */
  optionalBody?: true;
  /** A multipart/form-data body (an upload); the browser sends FormData. */
  upload?: z.ZodType;
  /**
   * What a success answers: the `data` of `{ data }`, or with `list` one item of `{ data: [...], meta }`,
   * or with `file` the file's bytes (each media type listed). None: the success has no body (or none is documented).
   */
  response?: z.ZodType;
  list?: true;
  file?: readonly string[];
  /** The success's status; default 200 (303: a redirect the browser follows, for an address it navigates to). */
  status?: 200 | 201 | 204 | 303;
};

/** Declares an endpoint, its literal method and path kept in its type. */
export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

/** An empty object type (no fields): what an absent request part adds. */
export type NoFields = Record<never, never>;

/** What `api.call` answers for an endpoint: the response schema's output (a list: its page), nothing for a bodiless success. */
export type EndpointAnswer<E extends Endpoint> = E extends { response: infer S extends z.ZodType }
  ? E extends { list: true }
    ? ListResult<z.output<S>>
    : z.output<S>
  : undefined;

/** The path's parameters, the query and the body an endpoint takes, as the browser gives them (the schemas' input). */
export type EndpointInput<E extends Endpoint> = (E extends { params: infer S extends z.ZodType }
  ? { params: z.input<S> }
  : { params?: undefined }) &
  (E extends { query: infer S extends z.ZodType }
    ? NoFields extends z.input<S>
      ? { query?: z.input<S> }
      : { query: z.input<S> }
    : { query?: undefined }) &
  (E extends { body: infer S extends z.ZodType }
    ? E extends { optionalBody: true }
      ? { body?: z.input<S> }
      : { body: z.input<S> }
    : E extends { upload: z.ZodType }
      ? { body: FormData }
      : { body?: undefined });

export { endpointPath } from "./endpoint-path";
