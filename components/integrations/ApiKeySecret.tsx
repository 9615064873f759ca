"use client";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { SectionCard } from "@/components/ui/FormCard";
import type { ApiKeyCreated } from "@/lib/api/integrations";

/**
 * A new key's secret, the one time it is shown: read-only, left to right, selectable, with copy and the
 * warning that it will not come again; "done" puts the form back. It takes the focus as it appears, so
 * a screen reader reads it first.
 */
export function ApiKeySecret({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  const t = useTranslations("integrations.secret");
  const fieldId = useId();
  const warningId = `${fieldId}-warning`;
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<"copied" | "copyFailed" | null>(null);

  useEffect(() => {
    field.current?.focus();
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied("copied");
    } catch {
      // No clipboard (an older browser, or refused): the key selected, for the person to copy.
      field.current?.focus();
      field.current?.select();
      setCopied("copyFailed");
    }
  };

  return (
    <SectionCard id="api-key-secret" title={t("title")}>
      <div className="grid gap-3" data-testid="api-key-secret">
        <p className="text-sm font-semibold text-ink [overflow-wrap:anywhere]" data-testid="api-key-secret-name">
          <bdi>{created.key.name}</bdi>
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
            value={created.secret}
            onFocus={(event) => event.currentTarget.select()}
            className="block w-full min-w-0 resize-none break-all rounded-lg border border-surface-line bg-surface-sunken px-3 py-2 font-mono text-sm text-ink"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" onClick={() => void copy()}>
            {t("copy")}
          </Button>
          <Button type="button" onClick={onDone}>
            {t("done")}
          </Button>
        </div>
        <p role="status" className="text-sm text-ink" data-testid="api-key-copied">
          {copied ? t(copied) : null}
        </p>
      </div>
    </SectionCard>
  );
}
