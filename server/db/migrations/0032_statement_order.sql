-- The statement (issue 33): a person's movements in the order they moved money, each with the balance of its
-- account right after it, read a page at a time without summing the account's history.
--  * seq: the order of posting. A direct transfer takes it when written; a two-phase one (a payout) again when
--    posted, so a payout paid a day after it was asked for stands where the money left. created_at cannot give
--    that order: it is the transaction's start, the same for every transfer of one transaction (a plan paid by
--    card credits the wallet and spends it in one). Old rows: posted ones by when they posted, then pending ones.
--  * debit_balance_after, credit_balance_after: each account's balance right after the posting, written by the
--    statement that moves the money (from the locked rows); null until posted. Old rows: running sums in seq order.
--  * transactions.ledger_seq: where a payment that moved nothing yet (pending, failed) stands among them (the last
--    seq when it was created), set by a trigger.
CREATE SEQUENCE "ledger_transfers_seq_seq";--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD COLUMN "debit_balance_after" bigint;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD COLUMN "credit_balance_after" bigint;--> statement-breakpoint
UPDATE "ledger_transfers" t SET "seq" = o.n
FROM (
  SELECT "id", row_number() OVER (ORDER BY "status" = 'pending', coalesce("settled_at", "created_at"), "created_at", "id") AS n
  FROM "ledger_transfers"
) o
WHERE o."id" = t."id";--> statement-breakpoint
UPDATE "ledger_transfers" t SET "debit_balance_after" = r.after
FROM (
  SELECT "id", sum("signed") OVER (PARTITION BY "account" ORDER BY "seq") AS after, "side" FROM (
    SELECT "id", "debit_account_id" AS "account", -"amount" AS "signed", "seq", 'debit' AS "side" FROM "ledger_transfers" WHERE "status" = 'posted'
    UNION ALL
    SELECT "id", "credit_account_id", "amount", "seq", 'credit' FROM "ledger_transfers" WHERE "status" = 'posted'
  ) p
) r
WHERE r."id" = t."id" AND r."side" = 'debit';--> statement-breakpoint
UPDATE "ledger_transfers" t SET "credit_balance_after" = r.after
FROM (
  SELECT "id", sum("signed") OVER (PARTITION BY "account" ORDER BY "seq") AS after, "side" FROM (
    SELECT "id", "debit_account_id" AS "account", -"amount" AS "signed", "seq", 'debit' AS "side" FROM "ledger_transfers" WHERE "status" = 'posted'
    UNION ALL
    SELECT "id", "credit_account_id", "amount", "seq", 'credit' FROM "ledger_transfers" WHERE "status" = 'posted'
  ) p
) r
WHERE r."id" = t."id" AND r."side" = 'credit';--> statement-breakpoint
SELECT setval('"ledger_transfers_seq_seq"', coalesce((SELECT max("seq") FROM "ledger_transfers"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "ledger_transfers" ALTER COLUMN "seq" SET DEFAULT nextval('"ledger_transfers_seq_seq"');--> statement-breakpoint
ALTER TABLE "ledger_transfers" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER SEQUENCE "ledger_transfers_seq_seq" OWNED BY "ledger_transfers"."seq";--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_seq_idx" ON "ledger_transfers" ("debit_account_id", "seq");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_seq_idx" ON "ledger_transfers" ("credit_account_id", "seq");--> statement-breakpoint
CREATE INDEX "ledger_transfers_reserve_idx" ON "ledger_transfers" ("debit_account_id", "seq") WHERE "status" <> 'posted';--> statement-breakpoint
DROP INDEX "ledger_transfers_debit_idx";--> statement-breakpoint
DROP INDEX "ledger_transfers_credit_idx";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "ledger_seq" bigint;--> statement-breakpoint
UPDATE "transactions" c SET "ledger_seq" = coalesce(r.s, 0)
FROM (
  SELECT "tx", max("seq") OVER (ORDER BY "at", "seq" NULLS LAST) AS s FROM (
    SELECT "created_at" AS "at", "seq", NULL::uuid AS "tx" FROM "ledger_transfers"
    UNION ALL
    SELECT "created_at", NULL, "id" FROM "transactions" WHERE "status" <> 'paid'
  ) e
) r
WHERE r."tx" = c."id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "transactions_ledger_seq"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END INTO NEW."ledger_seq" FROM "ledger_transfers_seq_seq";
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "transactions_ledger_seq" BEFORE INSERT ON "transactions" FOR EACH ROW EXECUTE FUNCTION "transactions_ledger_seq"();--> statement-breakpoint
CREATE INDEX "transactions_unsettled_idx" ON "transactions" ("user_id", "ledger_seq") WHERE "status" <> 'paid';
