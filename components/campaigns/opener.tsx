"use client";
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/Button";

/**
 * A small form opened by a button (`id` goes on the button): when it closes, the keyboard goes back to that
 * button, once it is on the page again, rather than falling to the top of the page.
 */
export function useOpener() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const refocus = useRef(false);
  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    document.getElementById(id)?.focus();
  }, [open, id]);
  const close = useCallback(() => {
    refocus.current = true;
    setOpen(false);
  }, []);
  return { id, open, setOpen, close };
}

/** The button that opens an opener's form (the keyboard comes back to it); `onOpen` clears what the last form said. */
export function OpenButton({
  opener,
  onOpen,
  children,
}: {
  opener: ReturnType<typeof useOpener>;
  onOpen: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      id={opener.id}
      type="button"
      variant="secondary"
      className="w-full sm:w-auto"
      onClick={() => {
        onOpen();
        opener.setOpen(true);
      }}
    >
      {children}
    </Button>
  );
}
