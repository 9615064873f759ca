// The integrations feature's front door (issue 36: API keys, the panel-compatible endpoint): what other
// features, jobs, the CLI and the composition root may call. Only server/app.ts takes its routes.
export { authenticateApiKey, type KeyCaller } from "@/server/integrations/keys";
export { announceUnits } from "@/server/integrations/webhooks/units";
export { drainWebhooks, kickWebhooks, webhookBody, retryDelayMs } from "@/server/integrations/webhooks/deliver";
export { verifyWebhook, signWebhook } from "@/server/integrations/webhooks/signature";
