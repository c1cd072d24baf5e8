import { Link } from "react-router";

export type StepFigureRow = {
  stepId: string;
  label: string;
  depth: number;
  entered: number;
  waiting: number;
  movedOn: number;
  sent: number;
  skipped: number;
  converted: number;
  exited: number;
};

const COLUMNS = [
  ["entered", "Entered"],
  ["waiting", "Waiting"],
  ["movedOn", "Moved on"],
  ["sent", "Sent"],
  ["skipped", "Skipped"],
  ["converted", "Converted"],
  ["exited", "Exited"],
] as const;

/** Per step, how many entered, wait there now, moved on, were sent, skipped, converted and exited; each step links to its contacts. */
export function StepFiguresTable({ rows }: { rows: StepFigureRow[] }) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">This journey has no steps yet.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <caption className="sr-only">Figures per step</caption>
        <thead className="bg-muted/50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Step
            </th>
            {COLUMNS.map(([, label]) => (
              <th key={label} scope="col" className="px-3 py-2 text-right font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.stepId} className="border-t">
              <th
                scope="row"
                className="px-3 py-2 text-left font-normal"
                style={{ paddingLeft: `${row.depth * 0.75}rem` }}
              >
                <Link to={`?step=${encodeURIComponent(row.stepId)}#contacts`} preventScrollReset className="underline">
                  {row.label}
                </Link>
              </th>
              {COLUMNS.map(([key]) => (
                <td key={key} className="px-3 py-2 text-right tabular-nums">
                  {row[key].toLocaleString("en-US")}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
