import { ArrowRight, Mail, MessageCircle, Play, Smartphone, Sparkles } from "lucide-react";
import type * as React from "react";
import { Form, Link } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";

export function Hero({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="relative overflow-hidden border-b">
      {/* A soft glow in the brand colour behind the headline; decoration only. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60%_55%_at_50%_0%,color-mix(in_oklch,var(--primary)_16%,transparent),transparent)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-20 md:px-6 lg:grid-cols-2 lg:py-28">
        <div className="flex flex-col items-start gap-6">
          <Badge variant="outline" className="bg-background/60 py-1">
            Open source · Self-hosted
          </Badge>
          <h1 className="text-4xl font-semibold tracking-tight text-balance md:text-5xl lg:text-6xl">
            Reach the right people, on the channel they read.
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground">
            Murmur turns your product events and contacts into audiences, and your audiences into campaigns by email,
            SMS and WhatsApp. Run it on your own server, with your data where you keep it.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to={signedIn ? "/dashboard" : "/signup"}>
                {signedIn ? "Go to dashboard" : "Get Started Free"}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            {/* Watch Demo creates a demo team and signs into it: a POST form, so it works without JavaScript. */}
            <Form method="post" action="/demo">
              <Button type="submit" size="lg" variant="outline">
                <Play aria-hidden="true" />
                Watch Demo
              </Button>
            </Form>
          </div>
        </div>
        <SegmentSketch />
      </div>
    </section>
  );
}

/** An illustration of the product's idea: a sentence becomes filters, the filters become a broadcast. */
function SegmentSketch() {
  return (
    <figure className="relative mx-auto w-full max-w-lg">
      <div className="rounded-xl border bg-card p-5 text-card-foreground shadow-xl shadow-primary/5">
        <div className="flex items-center gap-2 text-sm font-medium">
          <Sparkles className="size-4 text-primary" aria-hidden="true" />
          Describe your audience
        </div>
        <p className="mt-3 rounded-md border bg-background p-3 text-sm text-muted-foreground">
          &ldquo;People who signed up last month but never created a project&rdquo;
        </p>
        <div className="mt-5 text-xs font-medium tracking-wide text-muted-foreground uppercase">
          Becomes filters you can edit
        </div>
        <ul className="mt-2 flex flex-wrap gap-2 text-sm">
          <li className="rounded-md border bg-muted/60 px-2.5 py-1">Signed Up · in the last month</li>
          <li className="rounded-md border bg-muted/60 px-2.5 py-1">AND</li>
          <li className="rounded-md border bg-muted/60 px-2.5 py-1">Project Created · never</li>
        </ul>
        <div className="mt-5 text-xs font-medium tracking-wide text-muted-foreground uppercase">Then broadcast by</div>
        <ul className="mt-2 grid grid-cols-3 gap-2 text-sm">
          <Channel icon={<Mail className="size-4" aria-hidden="true" />} name="Email" />
          <Channel icon={<Smartphone className="size-4" aria-hidden="true" />} name="SMS" />
          <Channel icon={<MessageCircle className="size-4" aria-hidden="true" />} name="WhatsApp" />
        </ul>
      </div>
      <figcaption className="sr-only">
        Illustration: a plain-language audience description turned into editable segment filters, then sent by email,
        SMS or WhatsApp.
      </figcaption>
    </figure>
  );
}

function Channel({ icon, name }: { icon: React.ReactNode; name: string }) {
  return (
    <li className="flex items-center justify-center gap-1.5 rounded-md bg-primary/10 px-2 py-2 font-medium text-primary">
      {icon}
      {name}
    </li>
  );
}
