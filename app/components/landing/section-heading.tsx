/** The small label, title and optional lead that open each landing-page section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead?: string;
}) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-3 text-center">
      <p className="text-sm font-semibold text-primary">{eyebrow}</p>
      <h2 id={id} className="text-3xl font-semibold tracking-tight text-balance md:text-4xl">
        {title}
      </h2>
      {lead ? <p className="text-muted-foreground">{lead}</p> : null}
    </div>
  );
}
