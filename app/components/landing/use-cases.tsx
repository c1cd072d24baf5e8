import { CalendarClock, type LucideIcon, Megaphone, Repeat, Rocket } from "lucide-react";
import { SectionHeading } from "./section-heading.tsx";

const USE_CASES: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: "Feature launches",
    text: "Announce a new feature to the people whose events show they will care, instead of to everyone.",
    icon: Rocket,
  },
  {
    title: "Onboarding nudges",
    text: "Reach people who signed up but stopped before the step that matters, while they still remember you.",
    icon: Megaphone,
  },
  {
    title: "Win-back campaigns",
    text: "Find the users who have gone quiet and invite them back with a message that fits what they used.",
    icon: Repeat,
  },
  {
    title: "Reminders that get read",
    text: "Send webinar, renewal or event reminders by SMS or WhatsApp when an email would sit unopened.",
    icon: CalendarClock,
  },
];

export function UseCases() {
  return (
    <section id="use-cases" aria-labelledby="use-cases-title" className="scroll-mt-16 border-b py-20 md:py-24">
      <div className="mx-auto max-w-6xl px-4 md:px-6">
        <SectionHeading
          id="use-cases-title"
          eyebrow="Use cases"
          title="Built for the campaigns product marketers run"
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-2">
          {USE_CASES.map(({ title, text, icon: Icon }) => (
            <li key={title} className="flex gap-4 rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
              <Icon className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
              <div className="flex flex-col gap-1">
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
