/** A dash for a value not set, read out as `label` ("not set", "no reference"). */
export function NoValue({ label }: { label: string }) {
  return (
    <span className="text-ink-faint">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
