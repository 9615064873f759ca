import { toNestErrors, validateFieldsNatively } from "@hookform/resolvers";
import type { FieldError, FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { encodeValidationMessage, validationMessage, type Issue } from "@/lib/validation/messages";

/**
 * A field's error for one zod issue, mapped as the API maps it (lib/validation/messages.ts): its
 * message is the api.validation key with the issue's values, which useFieldMessage translates.
 */
export function fieldErrorOf(issue: Issue, input?: unknown): FieldError {
  return { type: issue.code, message: encodeValidationMessage(validationMessage(issue, input)) };
}

/** Each field's first issue, by dotted path ("" for the form as a whole is left out). */
export function fieldErrorsOf(issues: readonly Issue[], input?: unknown): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const issue of issues) {
    const name = issue.path.map(String).join(".");
    if (name && !errors[name]) errors[name] = fieldErrorOf(issue, input);
  }
  return errors;
}

/**
 * react-hook-form's resolver for a shared schema (lib/schemas): the same issues the API would refuse,
 * with the same messages (zodResolver keeps only the message text, so a bound such as "at most
 * {maximum} characters" lost its number and zod's own English showed where a schema names no key).
 * `prepare` turns what the form holds into the schema's input (typed digits into a number).
 */
export function schemaResolver<S extends z.ZodType<FieldValues, FieldValues>, V extends FieldValues = z.input<S>>(
  schema: S,
  prepare?: (values: V) => unknown,
): Resolver<V, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const input = prepare ? prepare(values) : values;
    const parsed = await schema.safeParseAsync(input);
    if (parsed.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: parsed.data, errors: {} };
    }
    return { values: {}, errors: toNestErrors(fieldErrorsOf(parsed.error.issues, input), options) as FieldErrors<V> };
  };
}
