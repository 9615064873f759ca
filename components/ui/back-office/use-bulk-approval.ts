"use client";
import { useState } from "react";
import { useFailureText } from "@/lib/forms/use-api-form";

/** A line above a queue: what a step or a bulk approval did, or why it failed. */
export type Notice = { tone: "success" | "error"; text: string };
type BulkResult = { approved: string[]; skipped: string[] };

/**
 * A back-office queue's "select several, approve them at once" (the work review's and the payouts'): the ids
 * chosen, the notice the approval leaves, and the approval itself through the queue's bulk mutation.
 */
export function useBulkApproval(
  bulk: { mutateAsync: (ids: string[]) => Promise<BulkResult> },
  done: (counts: { approved: number; skipped: number }) => string,
) {
  const failureText = useFailureText();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<Notice | null>(null);
  const toggle = (ids: readonly string[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelected(next);
  };
  const approve = async (ids: string[]) => {
    setNotice(null);
    try {
      const result = await bulk.mutateAsync(ids);
      setSelected(new Set());
      setNotice({ tone: "success", text: done({ approved: result.approved.length, skipped: result.skipped.length }) });
    } catch (error) {
      setNotice({ tone: "error", text: failureText(error) });
    }
  };
  const reset = () => {
    setSelected(new Set());
    setNotice(null);
  };
  return { selected, toggle, notice, setNotice, approve, reset };
}
