import type { FormEvent } from "react";

/**
 * A form's submit that first drops the sentence the previous attempt left: react-hook-form calls the handler only
 * when the fields validate, so clearing inside it left an old server error standing beside the new field error.
 */
export function clearingError(setFormError: (error: null) => void, onSubmit: (event?: FormEvent<HTMLFormElement>) => Promise<void>) {
  return (event: FormEvent<HTMLFormElement>) => {
    setFormError(null);
    void onSubmit(event);
  };
}
