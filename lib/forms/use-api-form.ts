"use client";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useState, type FormEvent } from "react";
import {
  useForm,
  type FieldError,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormSetError,
} from "react-hook-form";
import { z } from "zod";
import { ApiError } from "@/lib/api/client";
import { schemaResolver } from "./schema-resolver";
import { applyServerErrors } from "./server-errors";
import { translateFieldMessage } from "./use-field-message";

/**
 * The sentence under a field: the server's own (already translated) for server errors, otherwise the
 * shared schema's message, which names a key of api.validation.
 */
export function useFieldErrorText() {
  const t = useTranslations("api.validation");
  return useCallback(
    (error: FieldError | undefined): string | undefined => {
      if (!error) return undefined;
      const message = error.message ?? "";
      if (error.type === "server") return message || t("invalid");
      return translateFieldMessage(t, message) ?? t("invalid");
    },
    [t],
  );
}

/**
 * The sentence for a failed call as a whole: the server's message, the network message when no answer came,
 * else the generic fallback. With `setError` and `fields`, a 422's per-field messages go onto those fields.
 */
export function useFailureText() {
  const t = useTranslations("forms");
  return useCallback(
    <T extends FieldValues>(error: unknown, place?: { setError: UseFormSetError<T>; fields: readonly Path<T>[] }): string => {
      if (error instanceof ApiError && error.status === 0) return t("networkError");
      return applyServerErrors(error, place?.setError ?? (() => undefined), place?.fields ?? [], t("genericError"));
    },
    [t],
  );
}

type ApiFormOptions<V extends FieldValues, S extends z.ZodType<FieldValues, FieldValues>> = UseFormProps<V, unknown, z.output<S>> & {
  /** The fields a 422 may name; default the schema's own keys. */
  fields?: readonly Path<V>[];
  /** What the form holds turned into the schema's input (typed digits into a number). */
  prepare?: (values: V) => unknown;
  /** Default schemaResolver(schema, prepare); a form that sends its input as typed, not as parsed, gives its own. */
  resolver?: Resolver<V, unknown, z.output<S>>;
};

function keysOf(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/**
 * The one form kit: react-hook-form validated by the contract's schema (lib/schemas, the bounds the API
 * holds), a failed call's 422 `fields` put on their inputs, and one sentence for the form as a whole —
 * the server's message, the network message when no answer came, else the generic fallback.
 *
 * `submit(action)` is the form's onSubmit: it drops the sentence the previous attempt left before the
 * fields are validated (react-hook-form calls the handler only when they pass, so clearing inside it
 * left an old server error beside a new field error), then runs `action` with the parsed values.
 */
export function useApiForm<S extends z.ZodType<FieldValues, FieldValues>, V extends FieldValues = z.input<S>>(
  schema: S,
  { fields, prepare, resolver: own, ...options }: ApiFormOptions<V, S> = {},
) {
  const failureText = useFailureText();
  const resolver = useMemo(() => own ?? schemaResolver<S, V>(schema, prepare), [own, schema, prepare]);
  const form = useForm<V, unknown, z.output<S>>({ ...options, resolver });
  const fieldError = useFieldErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const { setError, handleSubmit } = form;
  const names = useMemo(() => (fields as readonly string[] | undefined) ?? keysOf(schema), [fields, schema]);

  /** Puts a failed call's field errors on the form and returns the sentence for the form as a whole. */
  const failure = useCallback(
    (error: unknown): string => failureText(error, { setError, fields: names as readonly Path<V>[] }),
    [failureText, names, setError],
  );

  const submit = useCallback(
    (action: (values: z.output<S>) => Promise<unknown> | unknown) => (event?: FormEvent<HTMLFormElement>) => {
      setFormError(null);
      void handleSubmit(async (values) => {
        try {
          await action(values);
        } catch (error) {
          setFormError(failure(error));
        }
      })(event);
    },
    [failure, handleSubmit],
  );

  return { form, fieldError, formError, setFormError, failure, submit };
}

/**
 * A form that asks for one thing (a payout, an invitation) through useApiForm: `send` gets the checked
 * input; once it answers, the form empties and `onDone` gets the server's message and the whole answer
 * (null as each attempt starts, so the last one's goes).
 */
export function useRequestForm<
  S extends z.ZodType<FieldValues, FieldValues>,
  V extends FieldValues = z.input<S>,
  R extends { message: string } = { message: string },
>(
  schema: S,
  {
    send,
    onDone,
    ...options
  }: ApiFormOptions<V, S> & {
    defaultValues: V;
    send: (input: z.output<S>) => Promise<R>;
    onDone: (message: string | null, result: R | null) => void;
  },
) {
  const { form, formError, submit } = useApiForm<S, V>(schema, options);
  const onSubmit = submit(async (input) => {
    onDone(null, null);
    const result = await send(input);
    form.reset(options.defaultValues);
    onDone(result.message, result);
  });
  return { form, errors: form.formState.errors, formError, onSubmit };
}

/**
 * A small form inside a card (InlineForm: an appeal, a denial, a payout's reason) over the contract's
 * schema: the form, its errors, and `inline(action)`, InlineForm's onSubmit, error and busy state.
 * `focus` names the field that takes the focus when the form opens.
 */
export function useInlineForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: UseFormProps<z.input<S>>["defaultValues"],
  focus?: Path<z.input<S>>,
) {
  const { form, fieldError, formError, submit } = useApiForm(schema, { defaultValues });
  const { setFocus } = form;
  useEffect(() => {
    if (focus) setFocus(focus);
  }, [focus, setFocus]);
  const inline = (action: (values: z.output<S>) => Promise<unknown> | unknown) => ({
    onSubmit: submit(action),
    error: formError,
    busy: form.formState.isSubmitting,
  });
  return { form, errors: form.formState.errors, fieldError, inline };
}
