import { Card } from "#app/components/ui/card.tsx";

/** Custom attributes as name and value, the value shown as text (objects and lists as JSON). */
export type AttributeView = { name: string; value: string };

export function ContactAttributes({ attributes }: { attributes: AttributeView[] }) {
  return (
    <Card className="flex flex-col gap-4 p-4 md:p-6" role="region" aria-labelledby="contact-attributes-heading">
      <h2 id="contact-attributes-heading" className="text-lg font-semibold">
        Attributes
      </h2>
      {attributes.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No attributes yet. Traits sent with identify, other than email, name and phone, appear here.
        </p>
      ) : (
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
          {attributes.map((attribute) => (
            <div key={attribute.name} className="contents">
              <dt className="font-medium text-muted-foreground">{attribute.name}</dt>
              <dd className="min-w-0 break-words">{attribute.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
