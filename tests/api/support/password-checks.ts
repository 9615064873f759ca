import { vi } from "vitest";

/** How many password checks the app made, known account or not (verifyPassword and burnPasswordCheck). */
export const passwordChecks = { count: 0 };

/**
 * server/auth/crypto with its two password checks counted, for a test file's
 *   vi.mock("@/server/auth/crypto", async () => (await import("@/tests/api/support/password-checks")).countingCrypto());
 */
export async function countingCrypto() {
  const original = await vi.importActual<typeof import("@/server/auth/crypto")>("@/server/auth/crypto");
  return {
    ...original,
    verifyPassword: async (...args: Parameters<typeof original.verifyPassword>) => {
      passwordChecks.count++;
      return original.verifyPassword(...args);
    },
    burnPasswordCheck: async (...args: Parameters<typeof original.burnPasswordCheck>) => {
      passwordChecks.count++;
      return original.burnPasswordCheck(...args);
    },
  };
}
