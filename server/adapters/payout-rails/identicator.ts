/**
 * Jibit Identicator (base https://napi.jibit.ir/ide), whose IBAN answers say who owns an account:
 *
 *   GET /v1/services/matching?iban=IR…&nationalCode=…&birthDate=13700101 → {matched: true | false}
 *   GET /v1/ibans?value=IR…                                              → {ibanInfo: {bank, status, owners: [{firstName, lastName}]}}
 *
 * The birth date, when the user gave one, goes in the Persian calendar as Jibit's services take it.
 * Without Identicator configured only the IBAN's checksum and bank code are checked (lib/validation/iban.ts)
 * and the pages say so.
 */
import { jibitErrorCode, jibitSession } from "./jibit-session";
import { RailError, type IbanOwnerAnswer, type IbanOwnerCheck } from "./types";

export const JIBIT_IDENTICATOR_DEFAULT_URL = "https://napi.jibit.ir/ide";

export type JibitIdenticatorOptions = {
  apiKey: string;
  secretKey: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

const persianDate = new Intl.DateTimeFormat("en-US-u-ca-persian-nu-latn", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: "UTC",
});

/** "1991-03-21" → "13700101"; null for anything that is not a date. */
export function toJalaliCompact(isoDate: string): string | null {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  const parts = Object.fromEntries(persianDate.formatToParts(date).map((part) => [part.type, part.value]));
  const year = (parts.year ?? "").replace(/\D/g, "");
  return year && parts.month && parts.day ? `${year}${parts.month}${parts.day}` : null;
}

export function jibitIdenticator(options: JibitIdenticatorOptions): IbanOwnerCheck {
  const session = jibitSession({
    apiKey: options.apiKey,
    secretKey: options.secretKey,
    baseUrl: options.baseUrl ?? JIBIT_IDENTICATOR_DEFAULT_URL,
    version: "v1",
    product: "Jibit Identicator",
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  const failure = (label: string, status: number, json: unknown) => {
    const code = jibitErrorCode(json);
    return new RailError(`${label} failed with HTTP ${status}${code ? ` (${code})` : ""}`, {
      reason: status >= 500 || status === 429 ? "unavailable" : status === 401 || status === 403 ? "credentials" : "rejected",
      providerCode: code,
      httpStatus: status,
    });
  };

  return {
    async check({ iban, nationalId, birthDate }): Promise<IbanOwnerAnswer> {
      const label = "Jibit IBAN matching";
      const query = new URLSearchParams({ iban, nationalCode: nationalId });
      const jalali = birthDate ? toJalaliCompact(birthDate) : null;
      if (jalali) query.set("birthDate", jalali);
      const matching = await session.call(label, "GET", `/services/matching?${query}`);
      if (matching.status < 200 || matching.status >= 300) throw failure(label, matching.status, matching.json);
      const matched = (matching.json as { matched?: unknown } | undefined)?.matched;
      if (typeof matched !== "boolean") throw new RailError(`${label} answered without matched`, { reason: "bad_response" });
      if (!matched) return { matched: false, ownerName: null };

      // The holder's name, for the user to confirm; a failure here does not undo the match.
      const info = await session.call("Jibit IBAN inquiry", "GET", `/ibans?${new URLSearchParams({ value: iban })}`).catch(() => null);
      const owners = (info?.json as { ibanInfo?: { owners?: unknown } } | undefined)?.ibanInfo?.owners;
      const names = Array.isArray(owners)
        ? (owners as { firstName?: unknown; lastName?: unknown }[])
            .map((owner) => [owner.firstName, owner.lastName].filter((part) => typeof part === "string" && part.trim()).join(" "))
            .filter(Boolean)
        : [];
      return { matched: true, ownerName: names.length ? names.join("، ").slice(0, 200) : null };
    },
  };
}
