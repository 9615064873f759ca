import { describe, expect, it } from "vitest";
import { contactLinks, contactLinksFromEnv } from "@/lib/contact/links";

describe("contact links", () => {
  it("builds tel:, mailto: and https: links from the configuration", () => {
    expect(
      contactLinksFromEnv({
        CONTACT_PHONE: "+98 21 1234 5678",
        CONTACT_EMAIL: "support@takapoo.example",
        CONTACT_WHATSAPP: "+98 912 000 0000",
        CONTACT_TELEGRAM: "@takapoo_support",
        CONTACT_INSTAGRAM: "takapoo.app",
      }),
    ).toEqual([
      { kind: "phone", href: "tel:+982112345678", label: "+98 21 1234 5678" },
      { kind: "email", href: "mailto:support@takapoo.example", label: "support@takapoo.example" },
      { kind: "whatsapp", href: "https://wa.me/989120000000", label: "+989120000000" },
      { kind: "telegram", href: "https://t.me/takapoo_support", label: "@takapoo_support" },
      { kind: "instagram", href: "https://www.instagram.com/takapoo.app/", label: "@takapoo.app" },
    ]);
  });

  it("leaves out what is unset or unusable, so nothing can inject a link", () => {
    expect(contactLinksFromEnv({})).toEqual([]);
    expect(contactLinks({ phone: "javascript:alert(1)", email: "x<script>@a.b", telegram: "a/../b", instagram: "" })).toEqual([]);
  });
});

describe("app links", () => {
  it("keeps https store links only", async () => {
    const { appLinksFromEnv } = await import("@/lib/app-links");
    expect(appLinksFromEnv({ APP_STORE_URL: "https://apps.apple.com/app/id1", GOOGLE_PLAY_URL: "http://play.google.com/x" })).toEqual({
      appStore: "https://apps.apple.com/app/id1",
      googlePlay: null,
    });
    expect(appLinksFromEnv({})).toEqual({ appStore: null, googlePlay: null });
  });
});
