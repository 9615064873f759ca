CREATE TABLE "campaign_delivery_days" (
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"auto_checked" integer DEFAULT 0 NOT NULL,
	"watched" integer DEFAULT 0 NOT NULL,
	"reviewed" integer DEFAULT 0 NOT NULL,
	"dropped" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_delivery_days_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
CREATE TABLE "campaign_network_days" (
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"counts" jsonb NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_network_days_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "delivered" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "posts_worked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "network_start" jsonb;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "network_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_delivery_days" ADD CONSTRAINT "campaign_delivery_days_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_network_days" ADD CONSTRAINT "campaign_network_days_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The delivery rollup, kept in the transaction of each activity's change, whichever code makes it:
-- work entering approved/completed counts as delivered on its approval's Tehran day (UTC+03:30, no
-- daylight saving since 2022), by how it was checked; work leaving them (dropped at release) counts as
-- dropped on the day it was dropped. Refilled is derived from the series when it is read.
CREATE FUNCTION "activity_delivery_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_done boolean := TG_OP = 'UPDATE' AND OLD."status" IN ('approved', 'completed');
  is_done boolean := NEW."status" IN ('approved', 'completed');
  d date;
BEGIN
  IF is_done AND NOT was_done THEN
    d := ((coalesce(NEW."approved_at", now()) AT TIME ZONE 'UTC') + interval '210 minutes')::date;
    INSERT INTO "campaign_delivery_days" AS r ("campaign_id", "day", "delivered", "auto_checked", "watched", "reviewed")
    VALUES (NEW."campaign_id", d, NEW."quantity",
      CASE WHEN NEW."check_method" = 'api' THEN NEW."quantity" ELSE 0 END,
      CASE WHEN NEW."check_method" = 'watch' THEN NEW."quantity" ELSE 0 END,
      CASE WHEN NEW."check_method" = 'review' THEN NEW."quantity" ELSE 0 END)
    ON CONFLICT ("campaign_id", "day") DO UPDATE SET
      "delivered" = r."delivered" + EXCLUDED."delivered",
      "auto_checked" = r."auto_checked" + EXCLUDED."auto_checked",
      "watched" = r."watched" + EXCLUDED."watched",
      "reviewed" = r."reviewed" + EXCLUDED."reviewed";
  ELSIF was_done AND NOT is_done THEN
    d := ((coalesce(NEW."dropped_at", now()) AT TIME ZONE 'UTC') + interval '210 minutes')::date;
    INSERT INTO "campaign_delivery_days" AS r ("campaign_id", "day", "dropped") VALUES (NEW."campaign_id", d, OLD."quantity")
    ON CONFLICT ("campaign_id", "day") DO UPDATE SET "dropped" = r."dropped" + EXCLUDED."dropped";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "activities_delivery_rollup" AFTER INSERT OR UPDATE OF "status" ON "activities" FOR EACH ROW EXECUTE FUNCTION "activity_delivery_rollup"();--> statement-breakpoint
-- What was delivered before the rollup existed: delivered work on its approval day, dropped work on its drop day.
INSERT INTO "campaign_delivery_days" ("campaign_id", "day", "delivered", "auto_checked", "watched", "reviewed", "dropped")
SELECT "campaign_id", "day", sum("delivered"), sum("auto_checked"), sum("watched"), sum("reviewed"), sum("dropped") FROM (
  SELECT "campaign_id", (("approved_at" AT TIME ZONE 'UTC') + interval '210 minutes')::date AS "day", "quantity" AS "delivered",
    CASE WHEN "check_method" = 'api' THEN "quantity" ELSE 0 END AS "auto_checked",
    CASE WHEN "check_method" = 'watch' THEN "quantity" ELSE 0 END AS "watched",
    CASE WHEN "check_method" = 'review' THEN "quantity" ELSE 0 END AS "reviewed", 0 AS "dropped"
  FROM "activities" WHERE "approved_at" IS NOT NULL AND ("status" IN ('approved', 'completed') OR "dropped_at" IS NOT NULL)
  UNION ALL
  SELECT "campaign_id", (("dropped_at" AT TIME ZONE 'UTC') + interval '210 minutes')::date, 0, 0, 0, 0, "quantity"
  FROM "activities" WHERE "dropped_at" IS NOT NULL
) AS t GROUP BY "campaign_id", "day";--> statement-breakpoint
UPDATE "campaigns" c SET "delivered" = coalesce(t."delivered", '{}'::jsonb), "posts_worked" = coalesce(t."posts", 0)
FROM (
  SELECT "campaign_id", jsonb_object_agg("metric", "units") AS "delivered", max("posts") AS "posts" FROM (
    SELECT "campaign_id", "metric", sum("quantity")::int AS "units",
      (SELECT count(DISTINCT b."post_link") FROM "activities" b WHERE b."campaign_id" = a."campaign_id" AND b."status" IN ('approved', 'completed'))::int AS "posts"
    FROM "activities" a WHERE "status" IN ('approved', 'completed') GROUP BY "campaign_id", "metric"
  ) AS m GROUP BY "campaign_id"
) AS t WHERE t."campaign_id" = c."id";
