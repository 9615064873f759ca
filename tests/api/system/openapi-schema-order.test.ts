// Contract schemas built BEFORE @hono/zod-openapi is loaded, as a bundle may evaluate them (a
// production build failed now and then with "getPageInput.openapi is not a function"). Keep these
// imports first: their order is the point of this file.
import { getPageInput } from "@/lib/schemas/pages";
import { chargeWalletInput } from "@/lib/schemas/wallet";
import { describe, expect, it } from "vitest";

describe("route schemas do not depend on module order", () => {
  it("the schemas were built without .openapi (the hazard this guards against)", () => {
    expect((getPageInput as unknown as { openapi?: unknown }).openapi).toBeUndefined();
    expect((chargeWalletInput as unknown as { openapi?: unknown }).openapi).toBeUndefined();
  });

  it("the API loads after them and documents them under their names", async () => {
    const { createApp } = await import("@/server/app");
    const app = createApp({ database: () => Promise.reject(new Error("openapi.json needs no database")) });
    const doc = (await (await app.request("/api/openapi.json")).json()) as { components: { schemas: Record<string, unknown> } };
    for (const name of ["GetPageInput", "ChargeWalletInput", "RegisterInput", "CampaignInput", "UpdateProfileInput", "RejectIdentityInput"])
      expect(doc.components.schemas, name).toHaveProperty(name);
  });
});
