import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";

export type WriteKeyRow = {
  id: string;
  name: string;
  kind: "client" | "server";
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
};

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** The team's keys: name, kind, the first characters, when created, whether still accepted, and a Revoke link for managers. */
export function KeysTable({ keys, canManage }: { keys: WriteKeyRow[]; canManage: boolean }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <thead className="border-b bg-muted/40 text-left text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Name
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Kind
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Key
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Created
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Status
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} className="border-b last:border-0">
              <td className="px-4 py-3 font-medium">{key.name}</td>
              <td className="px-4 py-3">{key.kind === "client" ? "Client" : "Server"}</td>
              <td className="px-4 py-3 font-mono text-xs">{key.prefix}…</td>
              <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                <time dateTime={key.createdAt}>{dateFormat.format(new Date(key.createdAt))}</time>
              </td>
              <td className="px-4 py-3">
                {key.revokedAt ? <Badge variant="outline">Revoked</Badge> : <Badge variant="secondary">Active</Badge>}
              </td>
              <td className="px-4 py-3 text-right">
                {key.revokedAt || !canManage ? null : (
                  <Button variant="outline" size="sm" asChild>
                    <Link
                      to={`/dashboard/settings/api-keys/${key.id}/revoke`}
                      preventScrollReset
                      aria-label={`Revoke ${key.name}`}
                    >
                      Revoke
                    </Link>
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
