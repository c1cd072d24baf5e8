import { Users } from "lucide-react";

export type PreviewContact = {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  createdAt: string;
};
export type FilterPreview = { count: number; sample: PreviewContact[] };

const count = new Intl.NumberFormat("en-US");

/**
 * Who the filter selects right now: the count and up to ten of them. `stale`
 * while a newer preview is on its way; `problem` when the filter cannot be
 * counted yet (an empty value, an unknown event) and why.
 */
export function PreviewPanel({
  preview,
  problem,
  stale,
}: {
  preview?: FilterPreview | null;
  problem?: string | null;
  stale?: boolean;
}) {
  return (
    <section
      aria-labelledby="filter-preview-heading"
      aria-busy={stale ? true : undefined}
      className="flex flex-col gap-3 rounded-lg border p-4"
    >
      <h3 id="filter-preview-heading" className="flex items-center gap-2 font-semibold">
        <Users className="size-4" aria-hidden="true" />
        Matching contacts
      </h3>
      <div role="status" aria-live="polite" className={stale ? "opacity-60" : undefined}>
        {problem ? (
          <p className="text-sm text-destructive">{problem}</p>
        ) : preview ? (
          <p className="text-2xl font-semibold tabular-nums">
            {count.format(preview.count)}{" "}
            <span className="text-base font-normal text-muted-foreground">
              {preview.count === 1 ? "contact matches" : "contacts match"}
            </span>
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">Preview to see how many contacts match.</p>
        )}
      </div>
      {preview && !problem && preview.sample.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Sample of matching contacts</caption>
            <thead className="border-b text-left text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Name
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Email
                </th>
                <th scope="col" className="py-2 font-medium">
                  Phone
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.sample.map((contact) => (
                <tr key={contact.id} className="border-b last:border-0">
                  <td className="py-2 pr-4">{contact.name ?? "—"}</td>
                  <td className="py-2 pr-4 break-all">{contact.email ?? "—"}</td>
                  <td className="py-2">{contact.phone ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
