-- What a person came for (issue 34): grow a channel or page, earn, or both; null until they choose. The values
-- are lib/schemas/enums.ts purposes, held by the API's schema (as every enum here: a new value needs no migration).
ALTER TABLE "users" ADD COLUMN "purpose" text;
