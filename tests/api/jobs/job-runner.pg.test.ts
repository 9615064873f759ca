import { describeJobRunner } from "./runner-cases";

// pg-boss on the app's node-postgres pool (collected only when TEST_DATABASE_URL is set).
describeJobRunner("PostgreSQL");
