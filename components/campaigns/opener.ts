"use client";
import { useCallback, useEffect, useId, useRef, useState } from "react";

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
