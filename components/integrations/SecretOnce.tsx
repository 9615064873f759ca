"use client";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { SectionCard } from "@/components/ui/FormCard";

/** Where a secret's words are: each has title, warning, label, copy, copied, copyFailed and done. */
type SecretMessages = "integrations.secret" | "integrations.webhooks.secret";

/**
 * A secret, the one time it is shown (an API key, a webhook endpoint's signing secret): read-only, left
 * to right, selectable, with copy and the warning that it will not come again; "done" puts the form back.
 * It takes the focus as it appears, so a screen reader reads it first. `name` says whose secret it is,
 * `children` what to do with it.
 */
export function SecretOnce({
  prefix,
  messages,
  secret,
  name,
  onDone,
  children,
}: {
  /** What its card's id and test ids start with: `${prefix}-secret` (the card), `${prefix}-secret-name`, `${prefix}-copied`. */
  prefix: "api-key" | "webhook";
  messages: SecretMessages;
  secret: string;
  name: ReactNode;
  onDone: () => void;
  children?: ReactNode;
}) {
  const t = useTranslations(messages as "integrations.secret");
  const fieldId = useId();
  const warningId = `${fieldId}-warning`;
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<"copied" | "copyFailed" | null>(null);

  useEffect(() => {
    field.current?.focus();
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied("copied");
    } catch {
      // No clipboard (an older browser, or refused): the secret selected, for the person to copy.
      field.current?.focus();
      field.current?.select();
      setCopied("copyFailed");
    }
  };

  return (
    <SectionCard id={`${prefix}-secret`} title={t("title")}>
      <div className="grid min-w-0 gap-3" data-testid={`${prefix}-secret`}>
        <p className="text-sm font-semibold text-ink [overflow-wrap:anywhere]" data-testid={`${prefix}-secret-name`}>
          {name}
        </p>
        <Alert tone="warning">
          <strong id={warningId} className="font-semibold">
            {t("warning")}
          </strong>
        </Alert>
        <div>
          <label htmlFor={fieldId} className="mb-1.5 block text-sm font-medium text-ink">
            {t("label")}
          </label>
          <textarea
            id={fieldId}
            ref={field}
            readOnly
            aria-describedby={warningId}
            dir="ltr"
            rows={2}
            spellCheck={false}
            value={secret}
            onFocus={(event) => event.currentTarget.select()}
            className="block w-full min-w-0 resize-none break-all rounded-lg border border-surface-line bg-surface-sunken px-3 py-2 font-mono text-sm text-ink"
          />
        </div>
        {children}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" onClick={() => void copy()}>
            {t("copy")}
          </Button>
          <Button type="button" onClick={onDone}>
            {t("done")}
          </Button>
        </div>
        <p role="status" className="text-sm text-ink" data-testid={`${prefix}-copied`}>
          {copied ? t(copied) : null}
        </p>
      </div>
    </SectionCard>
  );
}
