import { describeJobRunner } from "./runner-cases";

// pg-boss on the app's own in-memory PGlite instance, through its fromPglite adapter.
describeJobRunner("PGlite");
