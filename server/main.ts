import { createApp } from "./app";
import { processRoot } from "./root";

/** The production app (the Next.js route handler, server components): the process's root. */
const { database, gateways, reportError } = processRoot();
export const app = createApp({ database, gateways, reportError });
