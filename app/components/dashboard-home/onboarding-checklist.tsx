import { CheckCircle2, Circle } from "lucide-react";
import { Form, Link } from "react-router";
import { useAbility } from "#app/components/dashboard/use-ability.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";

type Step = "email" | "contacts" | "events" | "segments" | "campaigns";

const STEPS: { step: Step; label: string; to: string }[] = [
  { step: "email", label: "Connect an email provider (or keep the outbox)", to: "/dashboard/settings/channels" },
  { step: "contacts", label: "Import or add contacts", to: "/dashboard/segments?tab=csv" },
  { step: "events", label: "Send your first product event", to: "/dashboard/settings/api-keys" },
  { step: "segments", label: "Create your first segment", to: "/dashboard/segments/new" },
  { step: "campaigns", label: "Send your first campaign", to: "/dashboard/broadcasts/new" },
];

/** The getting-started checklist: each step ticked from the team's real state, each a link to where it is done. */
export function OnboardingChecklist({ done }: { done: Record<Step, boolean> }) {
  const completed = STEPS.filter(({ step }) => done[step]).length;
  // Dismissing and keeping the outbox set the team up; other roles see the steps without those buttons.
  const setUp = useAbility("team-settings.manage").allowed;
  return (
    <section aria-labelledby="onboarding-title" className="mb-8">
      <Card>
        <CardHeader className="flex flex-row items-start justify-between gap-4">
          <div className="flex flex-col gap-1.5">
            <CardTitle id="onboarding-title" as="h2">
              Get started with Murmur
            </CardTitle>
            <CardDescription>
              {completed} of {STEPS.length} steps done
            </CardDescription>
          </div>
          {setUp ? (
            <Form method="post" action="/dashboard/onboarding">
              <input type="hidden" name="intent" value="dismiss" />
              <Button type="submit" variant="ghost" size="sm">
                Dismiss checklist
              </Button>
            </Form>
          ) : null}
        </CardHeader>
        <CardContent>
          <ol className="flex flex-col gap-2">
            {STEPS.map(({ step, label, to }) => (
              <li key={step} className="flex flex-wrap items-center gap-3 text-sm">
                {done[step] ? (
                  <CheckCircle2 className="size-5 text-primary" aria-hidden="true" />
                ) : (
                  <Circle className="size-5 text-muted-foreground" aria-hidden="true" />
                )}
                <Link to={to} className={done[step] ? "text-muted-foreground line-through" : "font-medium underline"}>
                  {label}
                </Link>
                <span className="sr-only">{done[step] ? "(done)" : "(to do)"}</span>
                {step === "email" && !done.email && setUp ? (
                  <Form method="post" action="/dashboard/onboarding">
                    <input type="hidden" name="intent" value="keep-outbox" />
                    <Button type="submit" variant="outline" size="sm">
                      Keep the outbox
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </section>
  );
}
