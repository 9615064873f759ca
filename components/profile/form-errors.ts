// The form kit lives in lib/forms/use-api-form.ts; this name stays for the screens that still import it from here.
export { useFieldErrorText } from "@/lib/forms/use-api-form";
