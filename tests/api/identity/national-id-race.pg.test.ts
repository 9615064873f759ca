import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { users } from "@/server/db/schema";
import { registerAndSignIn } from "@/tests/api/support/account-helpers";
import { apiTest } from "@/tests/api/support/fixture";

// PostgreSQL only (*.pg.test.ts): accounts sending the same national ID for review at the same moment.
// Each account registers from an address of its own.
let address = 0;
const it = apiTest;

describe("one account per national ID under concurrency (PostgreSQL)", () => {
  it("six accounts sending the same national ID at once: exactly one goes to review", async ({ database, sms, client, call }) => {
    const card = new FormData();
    const jpeg = await sharp({ create: { width: 400, height: 250, channels: 3, background: "#9ab" } })
      .jpeg()
      .toBuffer();
    const people = [];
    for (let i = 0; i < 6; i++) {
      address++;
      client.address = `10.71.0.${(address % 250) + 1}`;
      const person = await registerAndSignIn(call, sms, { phone: `0935000010${i}`, email: `same-id-${i}@example.com` });
      const saved = await call(
        "me",
        {
          first_name: "Sara",
          last_name: "Ahmadi",
          national_id: "0499370899",
          birth_date: "1995-03-21",
          iban: "IR062960000000100324200001",
        },
        { method: "PATCH", token: person.token },
      );
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      people.push(person);
    }
    card.set("card", new Blob([jpeg], { type: "image/jpeg" }), "card.jpg");
    const answers = await Promise.all(
      people.map((person) => call("me/identity-verification", undefined, { token: person.token, form: card })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409 && answer.body.error?.code === "national_id_in_use")).toHaveLength(5);
    const pending = await database.db.select().from(users).where(eq(users.identityStatus, "identity_verification_pending"));
    expect(pending).toHaveLength(1);
  });
});
