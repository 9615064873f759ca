import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createHmac } from "node:crypto";
import { expect, test } from "./support/fixtures";
import enUS from "../../messages/en-US.json" with { type: "json" };
import faIR from "../../messages/fa-IR.json" with { type: "json" };
import { signUpOnPhone } from "./support/accounts";
import { DESKTOP, PHONE, expectNoSidewaysScroll } from "./support/layout";

// Signed webhooks (issue 36 item 4) on the production build: a producer registers an endpoint on a phone in
// Persian, sees its signing secret once, sends a test and reads it in the delivery log; the receiver (this
// test, on 127.0.0.1) checks the signature with that secret as docs/api.md says. In English on a desktop the
// receiver fails, the log shows the failure, and a resend after the fix arrives.

let receiver: Server;
let url = "";
const arrived: { body: string; signature: string }[] = [];
let status = 200;

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      arrived.push({ body, signature: String(request.headers["takapoo-signature"]) });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/takapoo`;
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const signs = (secret: string, { body, signature }: { body: string; signature: string }) => {
  const parts = Object.fromEntries(signature.split(",").map((part) => part.split("=", 2)));
  return createHmac("sha256", secret).update(`${parts.t}.${body}`).digest("hex") === parts.v1;
};

test("fa-IR phone, then en-US desktop: register a webhook, see its secret once, read and resend deliveries", async ({ page }) => {
  test.setTimeout(120_000);
  const fa = faIR.integrations.webhooks;
  const en = enUS.integrations.webhooks;
  await page.setViewportSize(PHONE);
  await signUpOnPhone(page, "fa-IR");
  await page.goto("/dashboard/integrations");
  await expect(page.getByText(fa.list.empty)).toBeVisible();
  await page.getByRole("textbox", { name: fa.create.urlLabel, exact: true }).fill(url);
  await page.getByRole("checkbox", { name: fa.events.campaign.approved, exact: false }).check();
  await page.getByRole("button", { name: fa.create.submit }).click();
  const secretBox = page.getByRole("textbox", { name: fa.secret.label, exact: true });
  await expect(secretBox).toBeVisible();
  const secret = await secretBox.inputValue();
  expect(secret).toMatch(/^whsec_/);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("webhook-secret-fa-phone.png"), fullPage: true });
  await page.getByRole("button", { name: fa.secret.done }).click();
  await expect(secretBox).toHaveCount(0);

  await page.getByRole("button", { name: fa.list.ping }).click();
  const log = page.getByTestId("delivery-log");
  await expect(log).toContainText(fa.deliveryStates.delivered, { timeout: 20_000 });
  expect(arrived).toHaveLength(1);
  expect(signs(secret, arrived[0]!)).toBe(true);
  expect(JSON.parse(arrived[0]!.body)).toMatchObject({ event: "ping" });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("webhook-log-fa-phone.png"), fullPage: true });

  // English, desktop: the receiver answers 500; the log says so; fixed, a resend arrives with the same id.
  status = 500;
  await page.setViewportSize(DESKTOP);
  await page.goto("/en-US/dashboard/integrations");
  await expect(page.getByTestId("webhook")).toContainText(url);
  await page.getByRole("button", { name: en.list.ping }).click();
  await expect(page.getByTestId("delivery-log")).toContainText(en.log.status.replace("{status}", "500"), { timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath("webhook-log-en-desktop.png"), fullPage: true });
  const failedId = (JSON.parse(arrived[1]!.body) as { id: string }).id;
  status = 204;
  await page
    .getByRole("button", { name: new RegExp(`^${en.log.resend}`) })
    .first()
    .click();
  await expect.poll(() => arrived.length, { timeout: 20_000 }).toBe(3);
  expect((JSON.parse(arrived[2]!.body) as { id: string }).id).toBe(failedId);
  expect(signs(secret, arrived[2]!)).toBe(true);
  await expect(
    page.getByTestId("delivery-log").getByText(en.deliveryStates.delivered, { exact: true }).filter({ visible: true }),
  ).toHaveCount(2, { timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath("webhook-resent-en-desktop.png"), fullPage: true });
});
