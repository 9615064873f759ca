import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { shellEndpoints } from "@/lib/api/shell-endpoints";
import { authEndpoints } from "@/lib/schemas/auth";
import { profileEndpoints } from "@/lib/schemas/profile";
import { statsEndpoints } from "@/lib/schemas/stats";
import { systemEndpoints } from "@/lib/schemas/system";

// The shell's endpoints are declared without their schemas (lib/api/shell-endpoints.ts): each must stay the contract's own.
describe("the shell's endpoints", () => {
  it("are the contract's, method and path", () => {
    const contract = {
      refresh: authEndpoints.refresh,
      me: profileEndpoints.me,
      publicStats: statsEndpoints.public,
      build: systemEndpoints.build,
    };
    for (const [name, endpoint] of Object.entries(shellEndpoints)) {
      const own = contract[name as keyof typeof contract];
      expect({ method: endpoint.method, path: endpoint.path }, name).toEqual({ method: own.method, path: own.path });
      expect("list" in own && own.list, name).toBeFalsy();
    }
  });

  it("the browser's client, the header's account and the landing's figures load no schema, nor zod", () => {
    // What these modules import at run time (type-only imports are erased): never the contract's tables.
    for (const file of [
      "lib/api/client.ts",
      "lib/api/shell-endpoints.ts",
      "lib/api/stats.ts",
      "lib/api/system.ts",
      "lib/api/session.ts",
      "stores/account.ts",
      "lib/schemas/endpoint-path.ts",
    ]) {
      const runtimeImports = [...readFileSync(file, "utf8").matchAll(/^import (?!type )[^;]*? from "([^"]+)";/gms)].map(
        (match) => match[1],
      );
      expect(
        runtimeImports.filter(
          (source) => source === "zod" || (source!.startsWith("@/lib/schemas/") && source !== "@/lib/schemas/endpoint-path"),
        ),
        file,
      ).toEqual([]);
    }
  });
});
