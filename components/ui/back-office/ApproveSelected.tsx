"use client";
import { Button } from "@/components/ui/Button";

/** A queue's "approve the selected ones" (useBulkApproval's approve): off until one is chosen, busy while it runs. */
export function ApproveSelected({
  chosen,
  approve,
  busy,
  label,
}: {
  chosen: string[];
  approve: (ids: string[]) => Promise<void>;
  busy: boolean;
  label: string;
}) {
  return (
    <Button type="button" onClick={() => void approve(chosen)} disabled={chosen.length === 0} busy={busy} className="w-full sm:w-auto">
      {label}
    </Button>
  );
}
