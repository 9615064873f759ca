// The integrations feature's front door (issue 36: API keys, the panel-compatible endpoint): what other
// features, jobs, the CLI and the composition root may call. Only server/app.ts takes its routes.
export { authenticateApiKey, type KeyCaller } from "@/server/integrations/keys";
