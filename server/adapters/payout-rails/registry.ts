/**
 * The payout providers this server uses, from the environment:
 *
 *   PAYOUT_RAIL=manual (default)  approved payouts are exported as a PAYA batch file and confirmed by admins
 *   PAYOUT_RAIL=jibit             sent by a job through Jibit Transferor: JIBIT_TRANSFEROR_API_KEY and
 *                                 JIBIT_TRANSFEROR_SECRET_KEY (JIBIT_TRANSFEROR_URL, default https://napi.jibit.ir/trf)
 *   JIBIT_IDENTICATOR_API_KEY + JIBIT_IDENTICATOR_SECRET_KEY (JIBIT_IDENTICATOR_URL, default https://napi.jibit.ir/ide):
 *                                 IBAN ownership matched against the user's national ID; unset: checksum and bank code only
 *
 * PAYOUTS_TIMEOUT_MS (default 10000) bounds each provider request. A provider asked for with a missing key is a
 * configuration error naming the variable (never a silent fallback to another rail); values never appear in errors.
 */
import { rawEnv } from "@/server/core/env";
import { jibitIdenticator } from "./identicator";
import { jibitTransferor } from "./jibit";
import type { IbanOwnerCheck, PayoutRail } from "./types";

type Env = Record<string, string | undefined>;

export type PayoutProviders = {
  /** null: the manual rail. */
  rail: PayoutRail | null;
  /** null: no owner check, only the IBAN's checksum and bank code. */
  ibanOwner: IbanOwnerCheck | null;
};

export class PayoutConfigError extends Error {
  override readonly name = "PayoutConfigError";
}

export function payoutProvidersFromEnv(env: Env = rawEnv()): PayoutProviders {
  const read = (name: string) => env[name]?.trim() || undefined;
  const required = (name: string, why: string) => {
    const found = read(name);
    if (!found) throw new PayoutConfigError(`${name} is required ${why}`);
    return found;
  };
  const url = (name: string) => {
    const found = read(name);
    if (found && !URL.canParse(found)) throw new PayoutConfigError(`${name} is not a valid URL`);
    return found;
  };
  const timeoutText = read("PAYOUTS_TIMEOUT_MS");
  const timeoutMs = timeoutText === undefined ? 10_000 : Number(timeoutText);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 120_000)
    throw new PayoutConfigError("PAYOUTS_TIMEOUT_MS must be a whole number of milliseconds from 100 to 120000");

  const railName = (read("PAYOUT_RAIL") ?? "manual").toLowerCase();
  if (railName !== "manual" && railName !== "jibit") throw new PayoutConfigError('PAYOUT_RAIL must be "manual" or "jibit"');
  const rail =
    railName === "jibit"
      ? jibitTransferor({
          apiKey: required("JIBIT_TRANSFEROR_API_KEY", "when PAYOUT_RAIL=jibit"),
          secretKey: required("JIBIT_TRANSFEROR_SECRET_KEY", "when PAYOUT_RAIL=jibit"),
          baseUrl: url("JIBIT_TRANSFEROR_URL"),
          timeoutMs,
        })
      : null;

  const ideKey = read("JIBIT_IDENTICATOR_API_KEY");
  const ideSecret = read("JIBIT_IDENTICATOR_SECRET_KEY");
  if (Boolean(ideKey) !== Boolean(ideSecret))
    throw new PayoutConfigError("JIBIT_IDENTICATOR_API_KEY and JIBIT_IDENTICATOR_SECRET_KEY are set together or not at all");
  const ibanOwner =
    ideKey && ideSecret
      ? jibitIdenticator({ apiKey: ideKey, secretKey: ideSecret, baseUrl: url("JIBIT_IDENTICATOR_URL"), timeoutMs })
      : null;
  return { rail, ibanOwner };
}
