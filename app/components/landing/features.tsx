import { BarChart3, FileSpreadsheet, Filter, type LucideIcon, Radio, Server, Sparkles } from "lucide-react";
import { SectionHeading } from "./section-heading.tsx";

const FEATURES: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: "Real-time event tracking",
    text: "A tracking API compatible with Segment's, a live feed of what arrives, search, and CSV export.",
    icon: Radio,
  },
  {
    title: "Contacts and CSV import",
    text: "Import large lists with automatic column mapping and a preview before anything is written.",
    icon: FileSpreadsheet,
  },
  {
    title: "Filter builder",
    text: "Combine attributes, events done a number of times in a window, and engagement, with AND and OR groups.",
    icon: Filter,
  },
  {
    title: "Segments from a prompt",
    text: "Describe an audience in plain words and get filters you can read and edit before saving. Works offline, or with a model you configure.",
    icon: Sparkles,
  },
  {
    title: "Campaign analytics",
    text: "Sent, delivered, opened, clicked, unsubscribed and bounced, per campaign and per channel.",
    icon: BarChart3,
  },
  {
    title: "Yours to run",
    text: "Open source, one PostgreSQL database, your own SMTP, Twilio and WhatsApp accounts. Every form works even without JavaScript.",
    icon: Server,
  },
];

export function Features() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="scroll-mt-16 border-b bg-muted/30 py-20 md:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 md:px-6">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything between an event and a message"
          lead="Murmur covers the path from knowing what people do to telling the right ones about it."
        />
        <ul className="mt-12 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ title, text, icon: Icon }) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-md border bg-background text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
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
