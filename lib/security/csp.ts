import { createHash } from "node:crypto";
// Relative imports: next.config.ts loads this file too, outside the "@/" paths of tsconfig.json.
import { settingsScript, supportWidgetConfig } from "../support-widget";

/**
 * The pages' Content-Security-Policy and the other security headers every page carries.
 *
 * The pages under app/[locale] are static (prerendered, and the public ones answered from the
 * production server's rendered-page cache), so a per-request nonce is impossible: a cached page
 * would repeat it. Instead the production server (server/web.ts) hashes each inline <script> of
 * the document it sends — once per rendered document, kept with the page in the cache — and
 * allows exactly those (`'sha256-…'`); scripts from files come from our own origin ('self').
 * Third parties are allowed only when configured:
 * - the support widget (SUPPORT_WIDGET_SRC): its origin, the hash of its inline settings script
 *   (SUPPORT_WIDGET_SETTINGS), and inline styles, which chat widgets inject;
 * - Google sign-in (NEXT_PUBLIC_GOOGLE_CLIENT_ID): Google Identity Services' documented sources;
 * - Apple sign-in (NEXT_PUBLIC_APPLE_CLIENT_ID): the origin of its script (NEXT_PUBLIC_APPLE_JS_URL)
 *   and appleid.apple.com;
 * - a core API on another origin (NEXT_PUBLIC_CORE_API_URL) for the browser's requests.
 * Error reports (NEXT_PUBLIC_SENTRY_DSN) go through our own tunnel, /api/monitoring, so the Sentry
 * host itself is never contacted by the browser and needs no entry.
 *
 * `npm run dev` gets a looser policy (next.config.ts): React's development build evaluates code and
 * Next.js's dev overlay injects scripts and styles.
 */
export type Env = Record<string, string | undefined>;

/** `'sha256-…'` sources of a document's inline scripts and styles (inlineHashes). */
export type InlineHashes = { scripts: readonly string[]; styles: readonly string[] };

export type PolicyOptions = {
  /** `'sha256-…'` sources of the document's inline scripts (inlineScriptHashes). */
  scriptHashes?: readonly string[];
  /** `'sha256-…'` sources of the document's inline <style> elements (the production build inlines its CSS). */
  styleHashes?: readonly string[];
  /** The development server's policy: inline and evaluated code allowed, no hashes. */
  development?: boolean;
  env?: Env;
};

const GOOGLE_GSI = "https://accounts.google.com/gsi/";
const APPLE_JS_DEFAULT = "https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js";
const APPLE_ID = "https://appleid.apple.com";
export const YOUTUBE_IFRAME_API_DEFAULT = "https://www.youtube.com/iframe_api";

/** The scheme, host and port of an absolute http(s) URL; null for a path or anything else. */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The CSP hash source of one inline script's text. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** The directives, in order; each list's first entry is never empty. */
export function contentSecurityPolicy(options: PolicyOptions = {}): string {
  const env = options.env ?? process.env;
  const development = options.development === true;
  const script = ["'self'"];
  const style = ["'self'"];
  const connect = ["'self'"];
  const font = ["'self'"];
  const frame: string[] = [];

  if (development) script.push("'unsafe-inline'", "'unsafe-eval'");
  else script.push(...(options.scriptHashes ?? []));
  if (development) style.push("'unsafe-inline'");

  const widget = supportWidgetConfig(env);
  if (widget) {
    const origin = originOf(widget.src);
    if (origin) {
      script.push(origin);
      style.push(origin);
      connect.push(origin);
      font.push(origin);
      frame.push(origin);
    }
    // SupportWidgetLoader inserts the settings as an inline script once the page is idle.
    if (widget.settings && !development) script.push(scriptHash(settingsScript(widget.settings)));
    if (!development) style.push("'unsafe-inline'");
  }
  // A hash beside 'unsafe-inline' would switch it off (CSP 3): the widget's styles win, hashes are then moot.
  if (!development && !style.includes("'unsafe-inline'")) style.push(...(options.styleHashes ?? []));
  if (env.NEXT_PUBLIC_GOOGLE_CLIENT_ID?.trim()) {
    // https://developers.google.com/identity/gsi/web/guides/get-google-api-clientid#content_security_policy
    script.push(`${GOOGLE_GSI}client`);
    style.push(`${GOOGLE_GSI}style`);
    connect.push(GOOGLE_GSI);
    frame.push(GOOGLE_GSI);
  }
  if (env.NEXT_PUBLIC_APPLE_CLIENT_ID?.trim()) {
    const origin = originOf(env.NEXT_PUBLIC_APPLE_JS_URL?.trim() || APPLE_JS_DEFAULT);
    if (origin) script.push(origin);
    connect.push(APPLE_ID);
    frame.push(APPLE_ID);
  }
  // The watch page plays YouTube videos through the IFrame Player API: its script and the player's frames.
  const player = originOf(env.YOUTUBE_IFRAME_API_URL?.trim() || YOUTUBE_IFRAME_API_DEFAULT);
  if (player) {
    script.push(player);
    frame.push(player);
  }
  const api = originOf(env.NEXT_PUBLIC_CORE_API_URL?.trim());
  if (api) connect.push(api);

  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", script],
    ["style-src", style],
    // React renders style={…} as an attribute (a progress bar's width); attributes cannot run code.
    ["style-src-attr", ["'unsafe-inline'"]],
    // Channel thumbnails come from the platforms' image hosts; uploads are shown as blob: URLs.
    ["img-src", ["'self'", "data:", "blob:", "https:"]],
    ["font-src", font],
    ["connect-src", connect],
    ["frame-src", frame.length ? frame : ["'none'"]],
    ["worker-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${[...new Set(sources)].join(" ")}`).join("; ");
}

// An inline <script> element's text ends at the first "</script" followed by a space, "/" or ">",
// as the HTML tokenizer reads it. Attribute values may hold ">" when quoted.
const SCRIPT = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script[\s/>]/gi;
const SRC_ATTRIBUTE = /\ssrc\s*=/i;
const TYPE_ATTRIBUTE = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const JAVASCRIPT_TYPES = /^(?:|module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i;

/**
 * The hash sources of every inline script a browser would run in this HTML: <script> elements
 * without src, whose type is JavaScript or a module (JSON data blocks never run). The text is
 * hashed as the browser sees it: line breaks normalised to \n (HTML's input preprocessing).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1] ?? "";
    if (SRC_ATTRIBUTE.test(attributes)) continue;
    const type = TYPE_ATTRIBUTE.exec(attributes);
    if (type && !JAVASCRIPT_TYPES.test((type[1] ?? type[2] ?? type[3] ?? "").trim())) continue;
    hashes.add(scriptHash((match[2] ?? "").replace(/\r\n?/g, "\n")));
  }
  return [...hashes];
}

const STYLE = /<style\b(?:[^>"']|"[^"]*"|'[^']*')*>([\s\S]*?)<\/style[\s/>]/gi;

/** The hash sources of every inline <style> element in this HTML, its text as the browser sees it. */
export function inlineStyleHashes(html: string): string[] {
  return [...new Set([...html.matchAll(STYLE)].map((match) => scriptHash((match[1] ?? "").replace(/\r\n?/g, "\n"))))];
}

/** Both kinds of inline hashes of one document. */
export function inlineHashes(html: string): InlineHashes {
  return { scripts: inlineScriptHashes(html), styles: inlineStyleHashes(html) };
}

/** The headers every page response carries, whatever its body (next.config.ts sets them). */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  // Powerful features no page uses, refused to the pages and anything they embed.
  "Permissions-Policy":
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()",
  // frame-ancestors 'none' for browsers without CSP level 2.
  "X-Frame-Options": "DENY",
  // No other site's window keeps a handle on ours; the sign-in popups we open still answer us.
  "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
};

const HSTS_DEFAULT = "max-age=31536000";

/**
 * Strict-Transport-Security for a request that reached us over HTTPS: a TLS socket, or a TLS proxy
 * saying so in X-Forwarded-Proto (its last value: the nearest proxy's) or Forwarded's proto=.
 * These headers are trusted without TRUST_PROXY because a forgery gains nothing: browsers ignore
 * HSTS received over plain HTTP (RFC 6797 §8.1), so only a browser that really came over TLS
 * remembers it. STRICT_TRANSPORT_SECURITY replaces the value (e.g. adding includeSubDomains;
 * preload) or, set to "off", never sends it.
 */
export function strictTransportSecurity(
  request: { encrypted: boolean; header: (name: string) => string | undefined },
  env: Env = process.env,
): string | null {
  const setting = env.STRICT_TRANSPORT_SECURITY?.trim();
  if (setting === "off") return null;
  const secure =
    request.encrypted ||
    lastValue(request.header("x-forwarded-proto")) === "https" ||
    forwardedProto(request.header("forwarded")) === "https";
  return secure ? setting || HSTS_DEFAULT : null;
}

function lastValue(header: string | undefined): string | undefined {
  return header?.split(",").at(-1)?.trim().toLowerCase();
}

/** The proto= of the last element of a Forwarded header (RFC 7239). */
function forwardedProto(header: string | undefined): string | undefined {
  const element = header?.split(",").at(-1);
  const match = element ? /(?:^|;)\s*proto\s*=\s*"?([a-z]+)"?/i.exec(element) : null;
  return match?.[1]?.toLowerCase();
}
