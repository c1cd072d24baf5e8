import { Form } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";

export type SessionRow = {
  id: string;
  client: string;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
};

const dateTimeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function When({ at }: { at: string }) {
  return <time dateTime={at}>{dateTimeFormat.format(new Date(at))} UTC</time>;
}

/** The user's open sessions; each but this one can be ended with a plain form post. */
export function SessionsTable({ sessions }: { sessions: SessionRow[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <thead className="border-b bg-muted/40 text-left text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Browser
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              IP address
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Signed in
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Last seen
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => (
            <tr key={session.id} className="border-b last:border-0">
              <td className="px-4 py-3 font-medium">
                {session.client} {session.current ? <Badge variant="secondary">This session</Badge> : null}
              </td>
              <td className="px-4 py-3 font-mono text-xs">{session.ip ?? "Unknown"}</td>
              <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                <When at={session.createdAt} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                <When at={session.lastSeenAt} />
              </td>
              <td className="px-4 py-3 text-right">
                {session.current ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="sessionId" value={session.id} />
                    <Button type="submit" variant="outline" size="sm" aria-label={`Sign out ${session.client}`}>
                      Sign out
                    </Button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
