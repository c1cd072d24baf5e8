import { Button } from "#app/components/ui/button.tsx";

const count = new Intl.NumberFormat("en-US");

/** Rows sent of the file's rows, as a progressbar screen readers can follow, with the way to stop. */
export function ImportProgress({
  sent,
  total,
  cancelling,
  onCancel,
}: {
  sent: number;
  total: number;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const percent = total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0;
  const text = `${count.format(sent)} of ${count.format(total)} rows sent`;
  return (
    <div className="flex flex-col gap-2 rounded-md border bg-background p-4">
      <div className="flex items-center justify-between gap-4 text-sm">
        <span id="csv-import-progress-label" className="font-medium">
          {cancelling ? "Cancelling import..." : "Importing contacts..."}
        </span>
        <span className="text-muted-foreground tabular-nums">{text}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="csv-import-progress-label"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={sent}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width] duration-300" style={{ width: `${percent}%` }} />
      </div>
      <div>
        <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={cancelling}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
