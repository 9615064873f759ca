import { describe, expect, it } from "vitest";
import { loadStaticErrorTexts, localeOfPath } from "@/lib/i18n/static-errors";

describe("global error texts", () => {
  it("take the locale from the path and load only that locale's texts", async () => {
    expect(localeOfPath("/en-US/dashboard")).toBe("en-US");
    expect(localeOfPath("/dashboard")).toBe("fa-IR");
    expect(localeOfPath("/ar-AE")).toBe("ar-AE");
    const english = await loadStaticErrorTexts("en-US");
    expect(english).toMatchObject({ dir: "ltr", brand: "Takapoo", errors: { serverStatus: "Internal Server Error" } });
    const arabic = await loadStaticErrorTexts("ar-AE");
    expect(arabic.dir).toBe("rtl");
    expect(arabic.errors.serverStatus).not.toBe(english.errors.serverStatus);
  });
});
