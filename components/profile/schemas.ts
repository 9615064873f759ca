import { z } from "zod";
import { updateProfileInput } from "@/lib/schemas/profile";

const shape = updateProfileInput.shape;

/** A text that must pass the shared schema (with its message), or, when not required, may stay empty. */
function checkedBy(schema: z.ZodType<unknown, string>, required: boolean) {
  return z.string().superRefine((value, ctx) => {
    if (!required && value.trim() === "") return;
    const result = schema.safeParse(value);
    if (!result.success) ctx.addIssue({ code: "custom", message: result.error.issues[0]?.message ?? "invalid" });
  });
}

/**
 * The identity form: names always; national ID and birth date may stay empty until the person has them
 * at hand (nothing is sent for them then), but once saved they can only be changed, not cleared.
 */
export function identityFormSchema(saved: { national_id: boolean; birth_date: boolean }) {
  return z.object({
    first_name: shape.first_name.unwrap(),
    last_name: shape.last_name.unwrap(),
    national_id: checkedBy(shape.national_id.unwrap(), saved.national_id),
    birth_date: checkedBy(shape.birth_date.unwrap(), saved.birth_date),
  });
}
export type IdentityFormValues = z.input<ReturnType<typeof identityFormSchema>>;

/** The national ID as the server stores it (Persian digits made ASCII). */
export function normalizedNationalId(value: string): string {
  return shape.national_id.unwrap().parse(value);
}

export const bankFormSchema = z.object({ iban: shape.iban.unwrap() });
export const emailFormSchema = z.object({ email: shape.email.unwrap() });
