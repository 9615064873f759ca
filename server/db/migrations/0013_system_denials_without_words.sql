-- The system's own denials (a task whose time ran out, work undone before release) carry their code
-- only: the booster and the producer read it translated. They used to repeat the code in English as
-- the reason, which showed as "expired" / "dropped" inside Persian pages.
UPDATE "activities" SET "denial_reason" = NULL WHERE "denial_code" IN ('expired', 'dropped') AND "denial_reason" = "denial_code";
