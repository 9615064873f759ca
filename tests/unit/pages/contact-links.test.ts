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

describe("contact channels on the contact page", () => {
  it("a demo without CONTACT_* shows example channels, reserved for examples and said to be examples", async () => {
    const { contactChannels } = await import("@/lib/contact/links");
    for (const env of [{}, { SEED_DEMO_DATA: "true" }]) {
      const { links, examples } = contactChannels(env);
      expect(examples).toBe(true);
      expect(links).toEqual([
        { kind: "phone", href: "tel:+12025550123", label: "+1 202 555 0123" },
        { kind: "email", href: "mailto:support@example.com", label: "support@example.com" },
      ]);
    }
  });

  it("production (SEED_DEMO_DATA=false) reads the environment only", async () => {
    const { contactChannels } = await import("@/lib/contact/links");
    expect(contactChannels({ SEED_DEMO_DATA: "false" })).toEqual({ links: [], examples: false });
    expect(contactChannels({ SEED_DEMO_DATA: "false", CONTACT_EMAIL: "help@takapoo.example" })).toEqual({
      links: [{ kind: "email", href: "mailto:help@takapoo.example", label: "help@takapoo.example" }],
      examples: false,
    });
  });

  it("a demo with any channel configured shows that one alone, never mixed with examples", async () => {
    const { contactChannels } = await import("@/lib/contact/links");
    expect(contactChannels({ CONTACT_TELEGRAM: "@takapoo_support" })).toEqual({
      links: [{ kind: "telegram", href: "https://t.me/takapoo_support", label: "@takapoo_support" }],
      examples: false,
    });
  });

  it("npm start rebuilds when anything the contact page, footer or widget is rendered with changes", async () => {
    const { readFileSync } = await import("node:fs");
    const start = readFileSync("scripts/start.mjs", "utf8");
    const list = start.slice(start.indexOf("const buildEnvNames"), start.indexOf("];", start.indexOf("const buildEnvNames")));
    const sources = ["lib/contact/links.ts", "lib/app-links.ts", "lib/support-widget.ts"]
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    const names = new Set([...sources.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]!));
    expect(names.size).toBeGreaterThan(8);
    for (const name of names) expect(list, name).toContain(`"${name}"`);
  });
});
