ALTER TABLE "campaign_delivery_days" ADD COLUMN "refilled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "drops_open" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Refilled was derived from the days when read: units delivered on the days after a drop refilled it, so a
-- drop refilled on its own day never showed. It is now kept in the order of the changes: a drop adds to the
-- campaign's drops_open, and work delivered while some are open refills them, on its own day. The campaign's
-- row is locked only when it has drops open (the common approval reads it and moves on).
CREATE OR REPLACE FUNCTION "activity_delivery_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_done boolean := TG_OP = 'UPDATE' AND OLD."status" IN ('approved', 'completed');
  is_done boolean := NEW."status" IN ('approved', 'completed');
  d date;
  open_units integer;
  refill integer := 0;
BEGIN
  IF is_done AND NOT was_done THEN
    d := ((coalesce(NEW."approved_at", now()) AT TIME ZONE 'UTC') + interval '210 minutes')::date;
    IF EXISTS (SELECT 1 FROM "campaigns" WHERE "id" = NEW."campaign_id" AND "drops_open" > 0) THEN
      SELECT "drops_open" INTO open_units FROM "campaigns" WHERE "id" = NEW."campaign_id" FOR UPDATE;
      refill := least(open_units, NEW."quantity");
      IF refill > 0 THEN
        UPDATE "campaigns" SET "drops_open" = open_units - refill WHERE "id" = NEW."campaign_id";
      END IF;
    END IF;
    INSERT INTO "campaign_delivery_days" AS r ("campaign_id", "day", "delivered", "auto_checked", "watched", "reviewed", "refilled")
    VALUES (NEW."campaign_id", d, NEW."quantity",
      CASE WHEN NEW."check_method" = 'api' THEN NEW."quantity" ELSE 0 END,
      CASE WHEN NEW."check_method" = 'watch' THEN NEW."quantity" ELSE 0 END,
      CASE WHEN NEW."check_method" = 'review' THEN NEW."quantity" ELSE 0 END,
      refill)
    ON CONFLICT ("campaign_id", "day") DO UPDATE SET
      "delivered" = r."delivered" + EXCLUDED."delivered",
      "auto_checked" = r."auto_checked" + EXCLUDED."auto_checked",
      "watched" = r."watched" + EXCLUDED."watched",
      "reviewed" = r."reviewed" + EXCLUDED."reviewed",
      "refilled" = r."refilled" + EXCLUDED."refilled";
  ELSIF was_done AND NOT is_done THEN
    d := ((coalesce(NEW."dropped_at", now()) AT TIME ZONE 'UTC') + interval '210 minutes')::date;
    INSERT INTO "campaign_delivery_days" AS r ("campaign_id", "day", "dropped") VALUES (NEW."campaign_id", d, OLD."quantity")
    ON CONFLICT ("campaign_id", "day") DO UPDATE SET "dropped" = r."dropped" + EXCLUDED."dropped";
    UPDATE "campaigns" SET "drops_open" = "drops_open" + OLD."quantity" WHERE "id" = NEW."campaign_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- What was refilled before: as it was read until now (the days after a drop refill it), kept per day.
DO $$
DECLARE
  c uuid;
  row record;
  outstanding integer;
  refill integer;
BEGIN
  FOR c IN SELECT DISTINCT "campaign_id" FROM "campaign_delivery_days" WHERE "dropped" > 0 LOOP
    outstanding := 0;
    FOR row IN SELECT "day", "delivered", "dropped" FROM "campaign_delivery_days" WHERE "campaign_id" = c ORDER BY "day" LOOP
      refill := least(outstanding, row."delivered");
      outstanding := outstanding + row."dropped" - refill;
      IF refill > 0 THEN
        UPDATE "campaign_delivery_days" SET "refilled" = refill WHERE "campaign_id" = c AND "day" = row."day";
      END IF;
    END LOOP;
    UPDATE "campaigns" SET "drops_open" = outstanding WHERE "id" = c;
  END LOOP;
END
$$;
