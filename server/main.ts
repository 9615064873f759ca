import { createApp } from "./app";
import { sharedDatabase } from "./db";
import { reportError } from "./adapters/error-reporting";

/** The production app: the process's shared database. */
export const app = createApp({ database: sharedDatabase, reportError });
