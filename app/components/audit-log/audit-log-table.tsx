import { formatDateTime } from "#app/components/broadcasts/format.ts";

/** One entry as the page shows it: names and words only, the time as ISO text for the team's zone. */
export type AuditEntryView = {
  id: string;
  at: string;
  actorName: string;
  actorEmail: string | null;
  actionLabel: string;
  targetLabel: string | null;
  details: string;
  ip: string | null;
};

/** The log's entries, newest first, as a table that reads the same with or without JavaScript. */
export function AuditLogTable({ entries, timeZone }: { entries: AuditEntryView[]; timeZone: string }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Audit log entries, newest first</caption>
      <thead className="text-muted-foreground">
        <tr>
          <th className="px-4 py-2 font-medium">When</th>
          <th className="px-4 py-2 font-medium">Who</th>
          <th className="px-4 py-2 font-medium">Action</th>
          <th className="px-4 py-2 font-medium">What</th>
          <th className="px-4 py-2 font-medium">Details</th>
          <th className="px-4 py-2 font-medium">IP address</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id} className="border-t align-top">
            <td className="px-4 py-2 whitespace-nowrap">{formatDateTime(entry.at, timeZone)}</td>
            <td className="px-4 py-2">
              <span className="block font-medium">{entry.actorName}</span>
              {entry.actorEmail ? <span className="text-muted-foreground">{entry.actorEmail}</span> : null}
            </td>
            <td className="px-4 py-2">{entry.actionLabel}</td>
            <td className="px-4 py-2 break-words">{entry.targetLabel ?? ""}</td>
            <td className="px-4 py-2 font-mono text-xs break-all">{entry.details}</td>
            <td className="px-4 py-2">{entry.ip ?? ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
