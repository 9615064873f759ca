import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  inlineStyleHashes,
  PAGE_SECURITY_HEADERS,
  scriptHash,
  strictTransportSecurity,
} from "@/lib/security/csp";
import { settingsScript } from "@/lib/support-widget";

/** The directives of a policy, each with its list of sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const nothingConfigured = {};
/** Always there: the watch page's YouTube player (YOUTUBE_IFRAME_API_URL's origin). */
const YT = "https://www.youtube.com";

describe("contentSecurityPolicy", () => {
  it("allows our own origin and the document's inline scripts by hash, and nothing inline or evaluated", () => {
    const policy = directives(contentSecurityPolicy({ env: nothingConfigured, scriptHashes: ["'sha256-abc='"] }));
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("script-src")).toEqual(["'self'", "'sha256-abc='", YT]);
    expect(policy.get("style-src")).toEqual(["'self'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("frame-src")).toEqual([YT]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    const all = [...policy.values()].flat().join(" ");
    expect(all).not.toContain("unsafe-eval");
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
    expect(all).not.toContain("google");
    expect(all).not.toContain("apple");
  });

  it("allows the document's inlined stylesheets by hash, unless the widget's 'unsafe-inline' is there (a hash would switch it off)", () => {
    const styleHashes = ["'sha256-css='"];
    expect(directives(contentSecurityPolicy({ env: nothingConfigured, styleHashes })).get("style-src")).toEqual([
      "'self'",
      "'sha256-css='",
    ]);
    const widget = directives(contentSecurityPolicy({ env: { SUPPORT_WIDGET_SRC: "https://chat.example.com/widget.js" }, styleHashes }));
    expect(widget.get("style-src")).toEqual(["'self'", "https://chat.example.com", "'unsafe-inline'"]);
    expect(inlineStyleHashes(`<style data-href="a b">p{color:red}</style><p>x</p><style>\r\np::after{content:">"}</style>`)).toEqual([
      sha256("p{color:red}"),
      sha256('\np::after{content:">"}'),
    ]);
  });

  it("allows the support widget's origin and its settings script only when it is configured", () => {
    const env = { SUPPORT_WIDGET_SRC: "https://chat.example.com/widget.js", SUPPORT_WIDGET_SETTINGS: '{"position":"end"}' };
    const policy = directives(contentSecurityPolicy({ env }));
    expect(policy.get("script-src")).toEqual(["'self'", "https://chat.example.com", sha256(settingsScript({ position: "end" })), YT]);
    for (const name of ["style-src", "connect-src", "font-src", "frame-src"])
      expect(policy.get(name), name).toContain("https://chat.example.com");
    // Chat widgets inject their own styles.
    expect(policy.get("style-src")).toContain("'unsafe-inline'");
    // An address the widget is refused (plain http off loopback) adds nothing.
    const refused = directives(contentSecurityPolicy({ env: { SUPPORT_WIDGET_SRC: "http://chat.example.com/widget.js" } }));
    expect(refused.get("script-src")).toEqual(["'self'", YT]);
    // A widget on our own origin needs no origin of its own.
    expect(directives(contentSecurityPolicy({ env: { SUPPORT_WIDGET_SRC: "/widget.js" } })).get("script-src")).toEqual(["'self'", YT]);
  });

  it("allows the watch page's player from YOUTUBE_IFRAME_API_URL's origin (a test's stand-in), YouTube's by default", () => {
    const local = directives(contentSecurityPolicy({ env: { YOUTUBE_IFRAME_API_URL: "http://127.0.0.1:3216/iframe_api" } }));
    expect(local.get("script-src")).toEqual(["'self'", "http://127.0.0.1:3216"]);
    expect(local.get("frame-src")).toEqual(["http://127.0.0.1:3216"]);
  });

  it("allows Google's and Apple's sign-in only when their client ids are configured", () => {
    const google = directives(contentSecurityPolicy({ env: { NEXT_PUBLIC_GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com" } }));
    expect(google.get("script-src")).toEqual(["'self'", "https://accounts.google.com/gsi/client", YT]);
    expect(google.get("style-src")).toEqual(["'self'", "https://accounts.google.com/gsi/style"]);
    expect(google.get("connect-src")).toEqual(["'self'", "https://accounts.google.com/gsi/"]);
    expect(google.get("frame-src")).toEqual(["https://accounts.google.com/gsi/", YT]);

    const apple = directives(contentSecurityPolicy({ env: { NEXT_PUBLIC_APPLE_CLIENT_ID: "com.example.web" } }));
    expect(apple.get("script-src")).toEqual(["'self'", "https://appleid.cdn-apple.com", YT]);
    expect(apple.get("frame-src")).toEqual(["https://appleid.apple.com", YT]);
    const ownScript = directives(
      contentSecurityPolicy({
        env: { NEXT_PUBLIC_APPLE_CLIENT_ID: "com.example.web", NEXT_PUBLIC_APPLE_JS_URL: "https://cdn.example.com/apple.js" },
      }),
    );
    expect(ownScript.get("script-src")).toEqual(["'self'", "https://cdn.example.com", YT]);
  });

  it("lets the browser reach a core API on another origin only when it is configured", () => {
    expect(
      directives(contentSecurityPolicy({ env: { NEXT_PUBLIC_CORE_API_URL: "https://api.example.com/api" } })).get("connect-src"),
    ).toEqual(["'self'", "https://api.example.com"]);
    expect(directives(contentSecurityPolicy({ env: { NEXT_PUBLIC_CORE_API_URL: "/api" } })).get("connect-src")).toEqual(["'self'"]);
  });

  it("adds nothing for Sentry: the browser's reports go through our own /api/monitoring", () => {
    const env = { NEXT_PUBLIC_SENTRY_DSN: "https://key@o1.ingest.sentry.io/1", SENTRY_DSN: "https://key@o1.ingest.sentry.io/1" };
    expect(contentSecurityPolicy({ env })).toBe(contentSecurityPolicy({ env: nothingConfigured }));
  });

  it("gives the development server inline and evaluated scripts, without hashes (which would disable 'unsafe-inline')", () => {
    const policy = directives(contentSecurityPolicy({ env: nothingConfigured, development: true, scriptHashes: ["'sha256-abc='"] }));
    expect(policy.get("script-src")).toEqual(["'self'", "'unsafe-inline'", "'unsafe-eval'", YT]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  });
});

describe("inlineScriptHashes", () => {
  it("hashes each inline script a browser would run, as the browser reads its text", () => {
    const html =
      '<!DOCTYPE html><html><head><script src="/_next/static/a.js" async=""></script><script>self.a=1</script>' +
      '<script type="application/ld+json">{"@type":"Organization"}</script><script id="_R_" data-x="a>b">self.b=2</script>' +
      '<script type="module">import "/m.js"</script></head><body><script>self.c="</scr"+"ipt>"\r\n</script ></body></html>';
    expect(inlineScriptHashes(html)).toEqual([
      sha256("self.a=1"),
      sha256("self.b=2"),
      sha256('import "/m.js"'),
      sha256('self.c="</scr"+"ipt>"\n'),
    ]);
    expect(scriptHash("self.a=1")).toBe(sha256("self.a=1"));
  });

  it("finds nothing in a page without inline scripts", () => {
    expect(inlineScriptHashes('<!DOCTYPE html><script src="/a.js"></script><p>text</p>')).toEqual([]);
  });
});

describe("strictTransportSecurity", () => {
  const request = (encrypted: boolean, headers: Record<string, string> = {}) => ({ encrypted, header: (name: string) => headers[name] });

  it("is sent over TLS, or when the nearest proxy says the client came over https", () => {
    expect(strictTransportSecurity(request(true), {})).toBe("max-age=31536000");
    expect(strictTransportSecurity(request(false, { "x-forwarded-proto": "https" }), {})).toBe("max-age=31536000");
    expect(strictTransportSecurity(request(false, { "x-forwarded-proto": "http, https" }), {})).toBe("max-age=31536000");
    expect(strictTransportSecurity(request(false, { forwarded: "for=1.2.3.4;proto=https" }), {})).toBe("max-age=31536000");
  });

  it("is not sent over plain HTTP, nor when the nearest proxy saw plain HTTP", () => {
    expect(strictTransportSecurity(request(false), {})).toBeNull();
    expect(strictTransportSecurity(request(false, { "x-forwarded-proto": "https, http" }), {})).toBeNull();
    expect(strictTransportSecurity(request(false, { forwarded: "proto=https, proto=http" }), {})).toBeNull();
  });

  it("takes its value from STRICT_TRANSPORT_SECURITY, or is switched off by it", () => {
    const env = { STRICT_TRANSPORT_SECURITY: "max-age=63072000; includeSubDomains; preload" };
    expect(strictTransportSecurity(request(true), env)).toBe(env.STRICT_TRANSPORT_SECURITY);
    expect(strictTransportSecurity(request(true), { STRICT_TRANSPORT_SECURITY: "off" })).toBeNull();
  });
});

describe("PAGE_SECURITY_HEADERS", () => {
  it("forbids sniffing and framing, trims the referrer and refuses powerful features", () => {
    expect(PAGE_SECURITY_HEADERS).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
    expect(PAGE_SECURITY_HEADERS["Permissions-Policy"]).toContain("camera=()");
    expect(PAGE_SECURITY_HEADERS["Cross-Origin-Opener-Policy"]).toBe("same-origin-allow-popups");
  });
});
