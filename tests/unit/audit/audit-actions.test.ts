import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import enUS from "@/messages/en-US.json";
import { auditActions, auditTargetTypes } from "@/lib/schemas/audit";

// Issue 34: the back office names every audited action in the reader's language. The catalogue in
// lib/schemas/audit.ts is held to the code: each action a server file writes as a literal is listed, and
// each listed action has its words (the message check holds the four locales to the same keys).

const groups = ["user", "identity", "youtube", "campaign", "activity", "payout", "payouts", "membership", "membership_plan"];
const LITERAL = new RegExp(
  `"((?:${[...groups, "invitation", "invitations", "pricing", "content_page", "api_key"].join("|")})\\.[a-z_]+)"`,
  "g",
);

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? serverFiles(full) : full.endsWith(".ts") ? [full] : [];
  });
}

describe("audit actions", () => {
  it("lists every action the server writes as a literal", () => {
    const written = new Set(serverFiles("server").flatMap((file) => [...readFileSync(file, "utf8").matchAll(LITERAL)].map((m) => m[1]!)));
    expect(written.size).toBeGreaterThan(25);
    expect([...written].filter((action) => !(auditActions as readonly string[]).includes(action))).toEqual([]);
  });

  it("names each action and target in words", () => {
    const words = enUS.admin.audit.actions as Record<string, Record<string, string>>;
    const missing = auditActions.filter((action) => {
      const [group, verb] = action.split(".") as [string, string];
      return !words[group]?.[verb];
    });
    expect(missing).toEqual([]);
    expect(auditTargetTypes.filter((type) => !(type in enUS.admin.audit.targets))).toEqual([]);
  });
});
