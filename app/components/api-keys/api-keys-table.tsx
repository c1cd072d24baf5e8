import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { TEAM_ROLE_LABELS } from "#shared/teams/roles.ts";
import type { ApiKeyRole } from "#shared/api-keys/schemas.ts";

export type ApiKeyRow = {
  id: string;
  name: string;
  role: ApiKeyRole;
  prefix: string;
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** The team's API keys: name, role, first characters, who made it and when, last use, and a Revoke link for managers. */
export function ApiKeysTable({ keys, canManage }: { keys: ApiKeyRow[]; canManage: boolean }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <thead className="border-b bg-muted/40 text-left text-muted-foreground">
          <tr>
            {["Name", "Role", "Key", "Created by", "Created", "Last used", "Status"].map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 font-medium">
                {heading}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} className="border-b last:border-0">
              <td className="px-4 py-3 font-medium">{key.name}</td>
              <td className="px-4 py-3">{TEAM_ROLE_LABELS[key.role]}</td>
              <td className="px-4 py-3 font-mono text-xs">{key.prefix}…</td>
              <td className="px-4 py-3">{key.createdBy}</td>
              <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                <time dateTime={key.createdAt}>{dateFormat.format(new Date(key.createdAt))}</time>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                {key.lastUsedAt ? (
                  <time dateTime={key.lastUsedAt}>{dateFormat.format(new Date(key.lastUsedAt))}</time>
                ) : (
                  "Never"
                )}
              </td>
              <td className="px-4 py-3">
                {key.revokedAt ? <Badge variant="outline">Revoked</Badge> : <Badge variant="secondary">Active</Badge>}
              </td>
              <td className="px-4 py-3 text-right">
                {key.revokedAt || !canManage ? null : (
                  <Button variant="outline" size="sm" asChild>
                    <Link
                      to={`/dashboard/settings/api-keys/api/${key.id}/revoke`}
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
