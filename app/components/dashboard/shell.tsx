import type * as React from "react";
import { Form } from "react-router";

type ShellProps = {
  user: { name: string; email: string };
  team: { name: string };
  sidebarCollapsed: boolean;
  children: React.ReactNode;
};

export function DashboardShell({ user, children }: ShellProps) {
  return (
    <div className="min-h-screen">
      <header className="flex items-center justify-between border-b p-4">
        <span>{user.name}</span>
        <Form method="post" action="/logout">
          <button type="submit">Sign Out</button>
        </Form>
      </header>
      <main className="p-6">{children}</main>
    </div>
  );
}
