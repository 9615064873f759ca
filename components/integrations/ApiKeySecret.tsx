"use client";
import type { ApiKeyCreated } from "@/lib/api/integrations";
import { SecretOnce } from "./SecretOnce";

/** A new key's secret, the one time it is shown, under the key's name; "done" puts the form back. */
export function ApiKeySecret({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  return (
    <SecretOnce
      prefix="api-key"
      messages="integrations.secret"
      secret={created.secret}
      name={<bdi>{created.key.name}</bdi>}
      onDone={onDone}
    />
  );
}
