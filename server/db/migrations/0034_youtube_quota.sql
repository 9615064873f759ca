-- YouTube's daily quota (issue 35): the units the project spent on each Google day (midnight to midnight,
-- Pacific time, as Google counts), per kind of call, shared by every instance. server/youtube/quota.ts
-- spends with one conditional upsert, so two instances never pass the budget between them.
CREATE TABLE "youtube_quota_days" (
  "day" date PRIMARY KEY,
  "quota" integer NOT NULL,
  "reserve" integer NOT NULL,
  "check_units" integer NOT NULL DEFAULT 0,
  "connect_units" integer NOT NULL DEFAULT 0,
  "recheck_units" integer NOT NULL DEFAULT 0,
  "counter_units" integer NOT NULL DEFAULT 0,
  "search_units" integer NOT NULL DEFAULT 0,
  "refused_units" integer NOT NULL DEFAULT 0,
  "spent_at" timestamp with time zone
);
