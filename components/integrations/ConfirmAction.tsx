"use client";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/Button";

/**
 * An action that cannot be undone (revoking a key, deleting a webhook endpoint): its button asks once
 * more, naming what it acts on, with the safe answer focused; "no" gives the focus back to the button.
 * `onConfirm` gets `close`, to call once the action has settled. A `disabled` action shows its button only.
 */
export function ConfirmAction({
  label,
  question,
  yes,
  no,
  busy,
  disabled = false,
  describedBy,
  onOpen,
  onConfirm,
}: {
  label: string;
  question: ReactNode;
  yes: string;
  no: string;
  busy: boolean;
  disabled?: boolean;
  /** The id of what the action acts on (a key's name, an endpoint's address), read with the button. */
  describedBy?: string;
  onOpen?: () => void;
  onConfirm: (close: () => void) => void;
}) {
  const questionId = useId();
  const [confirming, setConfirming] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);

  // The safe answer takes the focus when the question appears; the button takes it back after "no".
  useEffect(() => {
    if (confirming) box.current?.querySelector<HTMLButtonElement>("[data-keep]")?.focus();
    else if (refocus.current) box.current?.querySelector<HTMLButtonElement>("button")?.focus();
    refocus.current = false;
  }, [confirming]);

  return (
    <div ref={box}>
      {confirming && !disabled ? (
        <div className="grid gap-3 rounded-lg border border-surface-line p-3" role="group" aria-labelledby={questionId}>
          <p id={questionId} className="text-sm text-ink [overflow-wrap:anywhere]">
            {question}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="danger" busy={busy} onClick={() => onConfirm(() => setConfirming(false))}>
              {yes}
            </Button>
            <Button
              data-keep
              type="button"
              variant="secondary"
              disabled={busy}
              onClick={() => {
                refocus.current = true;
                setConfirming(false);
              }}
            >
              {no}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          type="button"
          variant="secondary"
          disabled={disabled}
          aria-describedby={describedBy}
          onClick={() => {
            onOpen?.();
            setConfirming(true);
          }}
        >
          {label}
        </Button>
      )}
    </div>
  );
}
