export * from "./content-pages";
export * from "./seed-runs";
export * from "./accounts";
export * from "./money";
export * from "./campaigns";
export * from "./activities";
export * from "./idempotency";
export * from "./youtube";
