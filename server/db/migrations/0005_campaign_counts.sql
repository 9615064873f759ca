CREATE TABLE "campaign_counts" (
	"owner_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_counts_owner_id_status_pk" PRIMARY KEY("owner_id","status")
);
--> statement-breakpoint
CREATE INDEX "campaign_counts_status_idx" ON "campaign_counts" USING btree ("status");--> statement-breakpoint
CREATE FUNCTION "campaign_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "campaign_counts" SET "n" = "n" - 1 WHERE "owner_id" = OLD."owner_id" AND "status" = OLD."status";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "campaign_counts" ("owner_id", "status", "n") VALUES (NEW."owner_id", NEW."status", 1)
    ON CONFLICT ("owner_id", "status") DO UPDATE SET "n" = "campaign_counts"."n" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "campaigns_count" AFTER INSERT OR DELETE OR UPDATE OF "status", "owner_id" ON "campaigns" FOR EACH ROW EXECUTE FUNCTION "campaign_counts_track"();--> statement-breakpoint
INSERT INTO "campaign_counts" ("owner_id", "status", "n") SELECT "owner_id", "status", count(*) FROM "campaigns" GROUP BY 1, 2;
