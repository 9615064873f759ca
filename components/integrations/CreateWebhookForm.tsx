"use client";
import { useTranslations } from "next-intl";
import { useId } from "react";
import type { FieldError } from "react-hook-form";
import { Checkbox } from "@/components/ui/Checkbox";
import { FieldNotes, TextField } from "@/components/ui/Field";
import { FormCard } from "@/components/ui/FormCard";
import { ApiError } from "@/lib/api/client";
import { useCreateWebhook, type CreateWebhookInput, type WebhookCreated } from "@/lib/api/webhooks";
import { useApiForm } from "@/lib/forms/use-api-form";
import { webhookEvents, type WebhookEvent } from "@/lib/schemas/enums";
import { createWebhookInput, WEBHOOK_RETRY_HOURS, WEBHOOK_URL_MAX } from "@/lib/schemas/webhooks";
import { onListFields } from "./CreateApiKeyForm";
import { Ltr } from "./Ltr";

type Values = { url: string; events: WebhookEvent[] };

const EMPTY: Values = { url: "", events: [] };

/** One checkbox alone gives a string, none false: the events always as a list. */
const prepare = (values: Values): CreateWebhookInput => ({
  url: values.url,
  events: Array.isArray(values.events) ? values.events : values.events ? [values.events] : [],
});

/**
 * A refusal of the address as a whole (one leading into a private network) put on the address field, where
 * it is read with the field: said once, not again under the form.
 */
function onUrlField(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.code !== "webhook_address_refused" || error.fields.url) return error;
  return new ApiError(error.status, error.code, error.message, { ...error.fields, url: error.message }, error.requestId);
}

/** A new endpoint: its address and the events it hears, each named and explained. */
export function CreateWebhookForm({ onCreated }: { onCreated: (created: WebhookCreated) => void }) {
  const t = useTranslations("integrations.webhooks.create");
  const events = useTranslations("integrations.webhooks.events");
  const hints = useTranslations("integrations.webhooks.eventHints");
  const eventsId = useId();
  const create = useCreateWebhook();
  const { form, fieldError, formError, submit } = useApiForm<typeof createWebhookInput, Values>(createWebhookInput, {
    defaultValues: EMPTY,
    prepare,
  });
  const { register } = form;
  const errors = form.formState.errors;
  const eventsError = fieldError(errors.events as FieldError | undefined);

  const onSubmit = submit(async (input) => {
    let created: WebhookCreated;
    try {
      created = await create.mutateAsync(input);
    } catch (error) {
      throw onUrlField(onListFields(error));
    }
    form.reset(EMPTY);
    onCreated(created);
  });

  return (
    <FormCard
      id="webhook-form"
      title={t("title")}
      onSubmit={onSubmit}
      error={formError}
      submit={{ label: create.isPending ? t("submitting") : t("submit"), busy: create.isPending }}
    >
      <p className="text-sm leading-7 text-ink-muted">{t("intro", { hours: WEBHOOK_RETRY_HOURS })}</p>
      <TextField
        label={t("urlLabel")}
        type="url"
        inputMode="url"
        ltr
        autoComplete="off"
        spellCheck={false}
        maxLength={WEBHOOK_URL_MAX}
        placeholder="https://example.com/takapoo/webhooks"
        hint={t("urlHint")}
        error={fieldError(errors.url)}
        {...register("url")}
      />
      <fieldset aria-describedby={eventsError ? `${eventsId}-error` : undefined} className="min-w-0">
        <legend className="mb-1.5 text-sm font-medium text-ink">{t("eventsLabel")}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {webhookEvents.map((event) => (
            <Checkbox
              key={event}
              value={event}
              className="min-w-0"
              label={
                <>
                  <span className="font-semibold">{events(event)}</span> <Ltr className="text-xs text-ink-muted">{event}</Ltr>
                  <span className="block text-ink-muted">{hints(event)}</span>
                </>
              }
              {...register("events")}
            />
          ))}
        </div>
        <FieldNotes fieldId={eventsId} error={eventsError} />
      </fieldset>
    </FormCard>
  );
}
