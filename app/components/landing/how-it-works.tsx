import { Activity, Layers, type LucideIcon, Send, UserPlus } from "lucide-react";
import { SectionHeading } from "./section-heading.tsx";

const STEPS: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: "Onboard",
    text: "Create your account and your team on your own Murmur server. Everything you add stays on infrastructure you run.",
    icon: UserPlus,
  },
  {
    title: "Track events",
    text: "Send what people do in your product through a Segment-compatible tracking API, so the tools you already use can feed Murmur.",
    icon: Activity,
  },
  {
    title: "Segment",
    text: "Group contacts by uploading a CSV, by combining filters over attributes and events, or by describing the audience in an AI prompt.",
    icon: Layers,
  },
  {
    title: "Broadcast",
    text: "Send a campaign to a segment by email, SMS or WhatsApp, then see who it reached, who opened and who clicked.",
    icon: Send,
  },
];

/** The spec's four-step flow: onboard, track events, segment, broadcast. */
export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="scroll-mt-16 border-b py-20 md:py-24">
      <div className="mx-auto max-w-6xl px-4 md:px-6">
        <SectionHeading
          id="how-it-works-title"
          eyebrow="How it works"
          title="From first event to first campaign in four steps"
        />
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ title, text, icon: Icon }, index) => (
            <li
              key={title}
              className="relative flex flex-col gap-3 rounded-lg border bg-card p-6 text-card-foreground shadow-sm"
            >
              <div className="flex items-center justify-between">
                <span className="flex size-10 items-center justify-center rounded-md bg-primary/10 text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="text-sm font-medium text-muted-foreground">Step {index + 1}</span>
              </div>
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
