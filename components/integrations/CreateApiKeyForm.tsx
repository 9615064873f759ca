"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useId } from "react";
import { useWatch, type FieldError, type Resolver } from "react-hook-form";
import type { z } from "zod";
import { Checkbox } from "@/components/ui/Checkbox";
import { FieldNotes, TextAreaField, TextField } from "@/components/ui/Field";
import { FormCard } from "@/components/ui/FormCard";
import { ApiError } from "@/lib/api/client";
import { useCreateApiKey, type ApiKeyCreated, type CreateApiKeyInput } from "@/lib/api/integrations";
import { schemaResolver } from "@/lib/forms/schema-resolver";
import { useApiForm } from "@/lib/forms/use-api-form";
import { apiKeyScopes, type ApiKeyScope } from "@/lib/schemas/enums";
import { API_KEY_EXPIRY_MAX_DAYS, API_KEY_NAME_MAX, createApiKeyInput } from "@/lib/schemas/integrations";
import { addDays, dayDate, tehranDay, tehranDayEnd } from "@/lib/time/tehran";
import { normalizeDigits } from "@/lib/validation/digits";

/** What the form holds: the expiry as a picked Tehran day, the allow-list as typed. */
type Values = { name: string; scopes: ApiKeyScope[]; expires_at: string; ip_allow: string };
type Output = z.output<typeof createApiKeyInput>;

/** A new key may read unless told more: the least a program needs. */
const EMPTY: Values = { name: "", scopes: ["read"], expires_at: "", ip_allow: "" };

/** The allow-list as typed (one a line or separated by commas, in any digits) as the contract's list. */
export function addressList(text: string): string[] {
  return normalizeDigits(text)
    .replace(/٫/g, ".")
    .split(/[\s,،]+/)
    .filter(Boolean);
}

/** The form's values as the contract's input: the picked day ends at Tehran's midnight; none, no expiry. */
function prepare(values: Values): CreateApiKeyInput {
  return {
    name: values.name,
    scopes: Array.isArray(values.scopes) ? values.scopes : [],
    ...(values.expires_at ? { expires_at: tehranDayEnd(values.expires_at) } : {}),
    ip_allow: addressList(values.ip_allow),
  };
}

const contractResolver = schemaResolver<typeof createApiKeyInput, Values>(createApiKeyInput, prepare);

/** The contract's resolver, an address's error (ip_allow.3) shown under the one box the list is typed in. */
const resolver: Resolver<Values, unknown, Output> = async (values, context, options) => {
  const result = await contractResolver(values, context, options);
  const errors = result.errors as Record<string, unknown>;
  if (Array.isArray(errors.ip_allow)) errors.ip_allow = (errors.ip_allow as unknown[]).find(Boolean);
  return result;
};

/** A 422's errors on a list's items (ip_allow.3) put on the list's field, the first one kept. */
export function onListFields(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const fields: Record<string, string> = {};
  for (const [name, message] of Object.entries(error.fields)) fields[name.replace(/\.\d+$/, "")] ??= message;
  return new ApiError(error.status, error.code, error.message, fields, error.requestId);
}

/** The Tehran days an expiry may be picked from: tomorrow up to two years ahead. */
function expiryBounds(now: Date = new Date()): { min: string; max: string } {
  const today = tehranDay(now);
  return { min: addDays(today, 1), max: addDays(today, API_KEY_EXPIRY_MAX_DAYS - 1) };
}

/** A new key: its name, what it may do, optionally when it stops working and where it may be used from. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (created: ApiKeyCreated) => void }) {
  const t = useTranslations("integrations.create");
  const scopes = useTranslations("integrations.scopes");
  const scopeHints = useTranslations("integrations.scopeHints");
  const format = useFormatter();
  const scopesId = useId();
  const create = useCreateApiKey();
  const { form, fieldError, formError, submit } = useApiForm<typeof createApiKeyInput, Values>(createApiKeyInput, {
    defaultValues: EMPTY,
    resolver,
  });
  const { register, control } = form;
  const errors = form.formState.errors;
  const day = useWatch({ control, name: "expires_at" });
  const { min, max } = expiryBounds();
  const show = (picked: string) => format.dateTime(dayDate(picked), "day");
  const scopesError = fieldError(errors.scopes as FieldError | undefined);

  const onSubmit = submit(async (input) => {
    let created: ApiKeyCreated;
    try {
      created = await create.mutateAsync(input);
    } catch (error) {
      throw onListFields(error);
    }
    form.reset(EMPTY);
    onCreated(created);
  });

  return (
    <FormCard
      id="api-key-form"
      title={t("title")}
      onSubmit={onSubmit}
      error={formError}
      submit={{ label: create.isPending ? t("submitting") : t("submit"), busy: create.isPending }}
    >
      <TextField
        label={t("nameLabel")}
        autoComplete="off"
        maxLength={API_KEY_NAME_MAX}
        hint={t("nameHint")}
        error={fieldError(errors.name)}
        {...register("name")}
      />
      <fieldset aria-describedby={scopesError ? `${scopesId}-error` : undefined} className="min-w-0">
        <legend className="mb-1.5 text-sm font-medium text-ink">{t("scopesLabel")}</legend>
        <div className="grid gap-2">
          {apiKeyScopes.map((scope) => (
            <Checkbox
              key={scope}
              value={scope}
              label={
                <>
                  <span className="font-semibold">{scopes(scope)}</span>
                  <span className="block text-ink-muted">{scopeHints(scope)}</span>
                </>
              }
              {...register("scopes")}
            />
          ))}
        </div>
        <FieldNotes fieldId={scopesId} error={scopesError} />
      </fieldset>
      <TextField
        label={t("expiryLabel")}
        type="date"
        ltr
        min={min}
        max={max}
        hint={day ? t("expiryChosen", { date: show(day) }) : t("expiryRange", { min: show(min), max: show(max) })}
        error={fieldError(errors.expires_at)}
        {...register("expires_at")}
      />
      <TextAreaField
        label={t("addressesLabel")}
        ltr
        rows={3}
        autoComplete="off"
        spellCheck={false}
        placeholder={"203.0.113.7\n2001:db8::/32"}
        hint={t("addressesHint")}
        error={fieldError(errors.ip_allow)}
        {...register("ip_allow")}
      />
    </FormCard>
  );
}
