import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { TEAM_ROLE_LABELS, toApiRole, type TeamRole } from "#shared/teams/roles.ts";

export type MemberRow = {
  userId: string;
  name: string;
  email: string;
  role: TeamRole;
  joinedAt: string;
  isYou: boolean;
  /** Whether the person viewing may change this member's role or remove them. */
  manageable: boolean;
};

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** The team's members: name, email, role and when they joined; each role is a form for those who may change it. */
export function MembersTable({ members, grantable }: { members: MemberRow[]; grantable: TeamRole[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <thead className="border-b bg-muted/40 text-left text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Name
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Email
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Role
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Joined
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.userId} className="border-b last:border-0">
              <td className="px-4 py-3 font-medium">
                {member.name}
                {member.isYou ? <span className="ml-1 text-muted-foreground">(you)</span> : null}
              </td>
              <td className="px-4 py-3">{member.email}</td>
              <td className="px-4 py-3">
                {member.manageable ? <RoleForm member={member} grantable={grantable} /> : TEAM_ROLE_LABELS[member.role]}
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{dateFormat.format(new Date(member.joinedAt))}</td>
              <td className="px-4 py-3 text-right">
                {member.isYou ? (
                  <Form method="post" action={`/dashboard/settings/members/${member.userId}/remove`}>
                    <Button type="submit" variant="outline" size="sm">
                      Leave team
                    </Button>
                  </Form>
                ) : member.manageable ? (
                  <Form method="post" action={`/dashboard/settings/members/${member.userId}/remove`}>
                    <Button type="submit" variant="outline" size="sm" aria-label={`Remove ${member.name}`}>
                      Remove
                    </Button>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RoleForm({ member, grantable }: { member: MemberRow; grantable: TeamRole[] }) {
  // The member's own role is always listed, so the select shows it even if the viewer could not grant it.
  const roles = grantable.includes(member.role) ? grantable : [member.role, ...grantable];
  return (
    <Form
      method="post"
      action={`/dashboard/settings/members/${member.userId}/role`}
      className="flex items-center gap-2"
    >
      <select
        name="role"
        defaultValue={toApiRole(member.role)}
        aria-label={`Role of ${member.name}`}
        className="h-8 rounded-md border bg-background px-2 text-sm"
      >
        {roles.map((role) => (
          <option key={role} value={toApiRole(role)}>
            {TEAM_ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      <Button type="submit" variant="outline" size="sm" aria-label={`Save role of ${member.name}`}>
        Save
      </Button>
    </Form>
  );
}
