import { createApp } from "./app";
import { sharedDatabase } from "./db";

/** The production app: the process's shared database. */
export const app = createApp({ database: sharedDatabase });
