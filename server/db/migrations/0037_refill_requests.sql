-- A refill requested through the order API or v2 (issue 36): the campaign's released, API-checked work is
-- re-checked by the next guarantee run, not only in the last days of its window. Kept once (the first request).
ALTER TABLE "campaigns" ADD COLUMN "refill_requested_at" timestamp with time zone;
