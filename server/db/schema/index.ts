export * from "./content-pages";
export * from "./seed-runs";
