import { describe, expect, it } from "vitest";
import { jibitTransferor } from "@/server/adapters/payout-rails/jibit";
import { jibitIdenticator, toJalaliCompact } from "@/server/adapters/payout-rails/identicator";
import { RailError, type RailTransfer } from "@/server/adapters/payout-rails/types";
import { startFakeJibit } from "@/tests/support/fake-jibit";
import { expectNoSecret, fakeForFile } from "@/tests/api/payments/gateway-support";

// Issue 17 part 4: the production Jibit adapters against a local fake that answers as Jibit's
// documentation says, failures included.

const API_KEY = "jibit-api-key-for-tests-7Q2K";
const SECRET = "jibit-secret-for-tests-9XM4";
const fake = fakeForFile(() => startFakeJibit({ apiKey: API_KEY, secretKey: SECRET }));
const rail = (timeoutMs = 2_000, pageSize?: number) =>
  jibitTransferor({ apiKey: API_KEY, secretKey: SECRET, baseUrl: fake().transferorUrl, timeoutMs, ...(pageSize ? { pageSize } : {}) });

let serial = 0;
const transfer = (amount = 3_000_000): RailTransfer => ({
  id: `00000000-0000-4000-8000-${String(++serial).padStart(12, "0")}`,
  iban: "IR062960000000100324200001",
  amount,
  firstName: "Reza",
  lastName: "Karimi",
  description: "Takapoo payout",
});
const railError = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(RailError);
  return error as RailError;
};

describe("Jibit Transferor", () => {
  it("submits an ACH batch in Rials under our payout ids, and a second submission of an id is 'already submitted', not a second transfer", async () => {
    const jibit = rail();
    const [a, b] = [transfer(), transfer(4_000_000)];
    expect(await jibit.submit("batch-1", [a, b])).toBe("accepted");
    const sent = fake().submissions.at(-1)!;
    expect(sent.transfers[0]).toMatchObject({
      transferID: a.id,
      transferMode: "ACH",
      currency: "RIALS",
      amount: 3_000_000,
      destination: a.iban,
    });
    expect(await jibit.submit("batch-2", [a])).toBe("already_submitted");
    expect([...fake().transfers.values()].filter((t) => t.transferID === a.id)).toHaveLength(1);
    expect(await jibit.inquire(b.id)).toEqual({ state: "in_progress" });
  });

  it("a submission taken and then not answered in time is an unknown (unavailable), and the inquiry finds it", async () => {
    const jibit = rail(300);
    const lost = transfer();
    fake().acceptThenHang();
    const error = await railError(jibit.submit("batch-hang", [lost]));
    expect(error.reason).toBe("unavailable");
    expect(error.message).toMatch(/timed out/);
    expect(await jibit.inquire(lost.id)).toEqual({ state: "in_progress" });
    expect(await jibit.submit("batch-again", [lost])).toBe("already_submitted");
  });

  it("a 5xx after taking the batch is an unknown too; a transfer never taken is not_found", async () => {
    const jibit = rail();
    const taken = transfer();
    fake().acceptThen5xx();
    expect((await railError(jibit.submit("batch-502", [taken]))).reason).toBe("unavailable");
    expect((await jibit.inquire(taken.id)).state).toBe("in_progress");
    expect(await jibit.inquire(transfer().id)).toEqual({ state: "not_found" });
  });

  it("says when the wallet at Jibit is short, and nothing is taken", async () => {
    const jibit = rail();
    const before = fake().balance;
    const big = transfer(before + 1);
    const error = await railError(jibit.submit("batch-big", [big]));
    expect(error).toMatchObject({ reason: "insufficient_balance", providerCode: "balance.not_enough" });
    expect(fake().transfers.has(big.id)).toBe(false);
    expect(await jibit.balance()).toBe(before);
  });

  it("renews an expired token once for a burst of calls, and keeps keys and tokens out of errors", async () => {
    const jibit = rail();
    await jibit.balance();
    const calls = fake().tokenCalls;
    fake().expireTokens();
    await Promise.all(Array.from({ length: 8 }, () => jibit.balance()));
    expect(fake().tokenCalls).toBe(calls + 1);

    const wrong = jibitTransferor({ apiKey: API_KEY, secretKey: `${SECRET}-wrong`, baseUrl: fake().transferorUrl });
    const error = await railError(wrong.balance());
    expect(error.reason).toBe("credentials");
    expectNoSecret(error, API_KEY, SECRET);
  });

  it("reads the bank's outcome: paid with its reference, failed with its reason, returned", async () => {
    const jibit = rail();
    const [paid, failed, returned] = [transfer(), transfer(), transfer()];
    await jibit.submit("batch-outcomes", [paid, failed, returned]);
    fake().settle(paid.id, "TRANSFERRED");
    fake().settle(failed.id, "FAILED", "DESTINATION_ACCOUNT_BLOCKED");
    fake().settle(returned.id, "TRANSFERRED");
    fake().settle(returned.id, "RETURNED");
    const reference = fake().transfers.get(paid.id)!.bankTransferID;
    expect(await jibit.inquire(paid.id)).toEqual({ state: "paid", reference });
    expect(await jibit.inquire(failed.id)).toEqual({ state: "failed", reason: "DESTINATION_ACCOUNT_BLOCKED" });
    expect((await jibit.inquire(returned.id)).state).toBe("returned");
  });

  it("walks the filter page by page for the daily reconciliation", async () => {
    const jibit = rail(2_000, 2);
    const from = new Date(Date.now() - 1_000);
    const five = Array.from({ length: 5 }, () => transfer());
    await jibit.submit("batch-filter", five);
    const seen: string[] = [];
    for await (const change of jibit.changes(from, new Date(Date.now() + 1_000))) seen.push(change.id);
    for (const one of five) expect(seen).toContain(one.id);
  });

  it("a 5xx on an inquiry is unavailable (ask again later), never an outcome", async () => {
    const jibit = rail();
    await jibit.balance();
    fake().failNext(503);
    expect((await railError(jibit.inquire(transfer().id))).reason).toBe("unavailable");
  });
});

describe("Jibit Identicator", () => {
  const identicator = () => jibitIdenticator({ apiKey: API_KEY, secretKey: SECRET, baseUrl: fake().identicatorUrl });

  it("matches an IBAN to its owner's national ID and gives the holder's name; another national ID does not match", async () => {
    fake().owners.set("IR062960000000100324200001", { nationalCode: "0012345679", firstName: "رضا", lastName: "کریمی" });
    expect(await identicator().check({ iban: "IR062960000000100324200001", nationalId: "0012345679", birthDate: "1991-03-21" })).toEqual({
      matched: true,
      ownerName: "رضا کریمی",
    });
    expect(await identicator().check({ iban: "IR062960000000100324200001", nationalId: "0499370899", birthDate: null })).toEqual({
      matched: false,
      ownerName: null,
    });
  });

  it("sends the birth date in the Persian calendar", () => {
    expect(toJalaliCompact("1991-03-21")).toBe("13700101");
    expect(toJalaliCompact("not a date")).toBeNull();
  });
});
