-- The statement (issue 33) lists a person's movements in order and carries each account's running balance.
-- created_at alone cannot give that order: it is the transaction's start, the same for every transfer of one
-- transaction (a plan paid by card credits the wallet and spends it in one). seq is the order of writing
-- within it; old rows are numbered by created_at, then id.
CREATE SEQUENCE "ledger_transfers_seq_seq";--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD COLUMN "seq" bigint;--> statement-breakpoint
UPDATE "ledger_transfers" t SET "seq" = o.n
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "ledger_transfers") o
WHERE o."id" = t."id";--> statement-breakpoint
SELECT setval('"ledger_transfers_seq_seq"', coalesce((SELECT max("seq") FROM "ledger_transfers"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "ledger_transfers" ALTER COLUMN "seq" SET DEFAULT nextval('"ledger_transfers_seq_seq"');--> statement-breakpoint
ALTER TABLE "ledger_transfers" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER SEQUENCE "ledger_transfers_seq_seq" OWNED BY "ledger_transfers"."seq";
