import { zarinpalGateway } from "@/server/adapters/payments/zarinpal";
import { apiTest } from "@/tests/api/support/fixture";
import { startFakeZarinpal, type FakeZarinpal } from "../../support/fake-zarinpal";

/** The merchant the fake Zarinpal knows. */
export const MERCHANT = "00000000-0000-0000-0000-000000000000";

/**
 * apiTest with Zarinpal for the API's tests: `zarinpal`, a fake of Zarinpal v4 on 127.0.0.1 for the file
 * (closed after it), and `zarinpalOn(timeoutMs)`, our production adapter talking to it.
 */
export const zarinpalTest = apiTest
  .extend("zarinpal", { scope: "file" }, async ({}, { onCleanup }): Promise<FakeZarinpal> => {
    const fake = await startFakeZarinpal({ merchantId: MERCHANT });
    onCleanup(() => fake.close());
    return fake;
  })
  .extend(
    "zarinpalOn",
    ({ zarinpal }) =>
      (timeoutMs: number) =>
        zarinpalGateway({ merchantId: MERCHANT, baseUrl: zarinpal.url, timeoutMs }),
  );
