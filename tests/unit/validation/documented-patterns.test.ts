import { describe, expect, it } from "vitest";
import { parseChannelLink } from "@/lib/campaigns/links";
import { parseTaskId } from "@/lib/activities/tasks";
import { parseCredential } from "@/lib/schemas/auth";
import {
  CHANNEL_LINK_PATTERN,
  CREDENTIAL_PATTERN,
  IBAN_PATTERN,
  IRANIAN_MOBILE_PATTERN,
  NATIONAL_ID_PATTERN,
  OTP_CODE_PATTERN,
  TASK_ID_PATTERN,
} from "@/lib/schemas/patterns";
import { isValidIranianIban } from "@/lib/validation/iban";
import { isValidIranianNationalId } from "@/lib/validation/national-id";
import { normalizeIranianMobile } from "@/lib/validation/phone";
import { SPELLINGS_OF_09121234567 } from "../support/phones";

/**
 * The patterns /api/openapi.json shows for fields the server checks in code (lib/schemas/patterns.ts)
 * admit what the server takes and refuse the shapes it refuses: a client that validates by the
 * document never refuses a value the API would have taken.
 */
const matches = (pattern: string) => (value: string) => new RegExp(pattern, "u").test(value);

describe("the documented patterns", () => {
  it("a mobile number: every spelling the server takes, none of the shapes it refuses", () => {
    const taken = [...SPELLINGS_OF_09121234567, "09351234567"];
    for (const phone of taken) {
      expect(normalizeIranianMobile(phone), phone).not.toBeNull();
      expect(matches(IRANIAN_MOBILE_PATTERN)(phone), phone).toBe(true);
      expect(matches(CREDENTIAL_PATTERN)(phone), phone).toBe(true);
    }
    for (const phone of [
      "02112345678",
      "+982112345678",
      "0912123456",
      "091212345678",
      "+905321234567",
      "0912abc4567",
      "call 09121234567",
      "",
    ]) {
      expect(normalizeIranianMobile(phone), phone).toBeNull();
      expect(matches(IRANIAN_MOBILE_PATTERN)(phone), phone).toBe(false);
    }
  });

  it("a credential: a mobile number or an e-mail address", () => {
    for (const value of ["sara@example.com", " Sara.Ahmadi+x@Mail.example.co ", "09121234567"]) {
      expect(parseCredential(value), value).not.toBeNull();
      expect(matches(CREDENTIAL_PATTERN)(value), value).toBe(true);
    }
    for (const value of ["sara", "sara@", "@example.com", "0912"]) {
      expect(parseCredential(value), value).toBeNull();
      expect(matches(CREDENTIAL_PATTERN)(value), value).toBe(false);
    }
  });

  it("a code, a national ID, an IBAN", () => {
    for (const code of ["123456", " 123456 ", "۱۲۳۴۵۶", "٠١٢٣٤٥"]) expect(matches(OTP_CODE_PATTERN)(code), code).toBe(true);
    for (const code of ["12345", "1234567", "12 3456", "abcdef"]) expect(matches(OTP_CODE_PATTERN)(code), code).toBe(false);
    for (const id of ["0084575948", "008-457594-8", "۰۰۸۴۵۷۵۹۴۸", " 0084575948 "]) {
      expect(isValidIranianNationalId(id), id).toBe(true);
      expect(matches(NATIONAL_ID_PATTERN)(id), id).toBe(true);
    }
    for (const id of ["008457594", "00845759481", "00845759a8"]) expect(matches(NATIONAL_ID_PATTERN)(id), id).toBe(false);
    const iban = "IR820540102680020817909002";
    const spaced = "IR82 0540 1026 8002 0817 9090 02";
    const persian = iban.replace(/\d/g, (d) => "۰۱۲۳۴۵۶۷۸۹".charAt(Number(d)));
    for (const value of [iban, spaced, iban.toLowerCase(), persian]) {
      expect(isValidIranianIban(value), value).toBe(true);
      expect(matches(IBAN_PATTERN)(value), value).toBe(true);
    }
    for (const value of ["DE89370400440532013000", "IR82054010268002081790900", "IR8205401026800208179090021"])
      expect(matches(IBAN_PATTERN)(value), value).toBe(false);
  });

  it("a campaign's link: every form lib/campaigns/links.ts takes, not another site", () => {
    const video = "dQw4w9WgXcQ";
    const taken: Array<["youtube" | "instagram", string]> = [];
    for (const prefix of ["https://", "http://", "https://www.", "http://m.", "www.", "", "HTTPS://WWW."]) {
      taken.push(["youtube", `${prefix}youtube.com/@Some.Channel-1`]);
      taken.push(["youtube", `${prefix}youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw`]);
      taken.push(["youtube", `${prefix}youtube.com/watch?v=${video}`]);
      taken.push(["youtube", `${prefix}youtube.com/shorts/${video}/`]);
      taken.push(["instagram", `${prefix}instagram.com/Takapoo.App_1`]);
      taken.push(["instagram", `${prefix}instagram.com/takapoo/?igsh=abc`]);
      taken.push(["instagram", `${prefix}instagram.com/reel/C0dE-_x9/`]);
    }
    taken.push(["youtube", `youtu.be/${video}?si=abc&t=42`]);
    taken.push(["youtube", `https://www.youtube.com/watch?feature=share&v=${video}&t=1s#x`]);
    taken.push(["youtube", "  https://www.youtube.com/@handle/?si=x  "]);
    for (const [network, link] of taken) {
      expect(parseChannelLink(network, link).ok, link).toBe(true);
      expect(matches(CHANNEL_LINK_PATTERN)(link), link).toBe(true);
    }
    for (const link of [
      "https://www.youtube.com/@ab",
      "https://youtu.be/short",
      `https://www.youtu.be/${video}`,
      "https://www.youtube.com/watch?v=short",
      `https://www.youtube.com/embed/${video}`,
      "https://youtube.com.evil.example/@handle",
      "https://evil.com/youtube.com/@handle",
      "javascript:alert(1)",
    ])
      expect(matches(CHANNEL_LINK_PATTERN)(link), link).toBe(false);
  });

  it("a task's id", () => {
    const id = "0b6f3d4e-8f1a-4c2b-9d3e-5a6b7c8d9e0f.likes";
    expect(parseTaskId(id)).not.toBeNull();
    expect(matches(TASK_ID_PATTERN)(id)).toBe(true);
    expect(matches(TASK_ID_PATTERN)(id.toUpperCase())).toBe(true);
    for (const value of ["likes", "0b6f3d4e.likes", `${id}.x`]) expect(matches(TASK_ID_PATTERN)(value), value).toBe(false);
  });
});
