import { describe, expect, it } from "vitest";
import { localizedHref } from "@/lib/i18n/link";

// The app's Link (lib/i18n/link.tsx) puts the locale before the path as proxy.ts serves it: fa-IR unprefixed.
describe("a link's href in a locale", () => {
  it("prefixes every locale but the default, keeping the query and the hash after the path", () => {
    expect(localizedHref("fa-IR", "/dashboard/profile")).toBe("/dashboard/profile");
    expect(localizedHref("en-US", "/dashboard/profile")).toBe("/en-US/dashboard/profile");
    expect(localizedHref("en-US", "/")).toBe("/en-US");
    expect(localizedHref("tr-TR", "/#producers")).toBe("/tr-TR#producers");
    expect(localizedHref("ar-AE", "/auth/register?invite=abc#top")).toBe("/ar-AE/auth/register?invite=abc#top");
    expect(localizedHref("fa-IR", "/?x=1")).toBe("/?x=1");
  });

  it("leaves what is not a path of the app as it is", () => {
    expect(localizedHref("en-US", "#main")).toBe("#main");
    expect(localizedHref("en-US", "https://example.com/a")).toBe("https://example.com/a");
    expect(localizedHref("en-US", "mailto:support@takapoo.ir")).toBe("mailto:support@takapoo.ir");
  });
});
