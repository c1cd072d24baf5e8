import { Badge } from "#app/components/ui/badge.tsx";
import type { ReferenceOperation } from "#server/openapi/reference.ts";

function Example({ summary, text }: { summary: string; text: string }) {
  return (
    <details className="mt-2 rounded-md border bg-muted/40">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium">{summary}</summary>
      <pre className="max-h-96 overflow-auto border-t px-3 py-2 font-mono text-xs leading-relaxed">{text}</pre>
    </details>
  );
}

/** One operation of the API reference: its method and path, who may call it, its parameters, body and answers. */
export function OperationCard({ operation }: { operation: ReferenceOperation }) {
  return (
    <section
      id={operation.id}
      aria-labelledby={`${operation.id}-title`}
      className="scroll-mt-6 rounded-lg border bg-card p-5 text-card-foreground shadow-sm"
    >
      <h3 id={`${operation.id}-title`} className="flex flex-wrap items-center gap-2 font-mono text-base font-semibold">
        <Badge variant="secondary" className="font-mono">
          {operation.method}
        </Badge>
        <span className="break-all">{operation.path}</span>
      </h3>
      <p className="mt-2">{operation.summary}</p>
      {operation.description ? <p className="mt-1 text-sm text-muted-foreground">{operation.description}</p> : null}
      <p className="mt-2 text-sm">
        <span className="font-medium">Authentication:</span> {operation.auth}
      </p>

      {operation.parameters.length > 0 ? (
        <>
          <h4 className="mt-4 text-sm font-semibold">Parameters</h4>
          <table className="mt-2 w-full text-left text-sm">
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Name
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  In
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Type
                </th>
                <th scope="col" className="py-1 font-medium">
                  Required
                </th>
              </tr>
            </thead>
            <tbody>
              {operation.parameters.map((parameter) => (
                <tr key={`${parameter.in}-${parameter.name}`} className="border-t align-top">
                  <td className="py-1 pr-3 font-mono">{parameter.name}</td>
                  <td className="py-1 pr-3">{parameter.in}</td>
                  <td className="py-1 pr-3">
                    {parameter.type}
                    {parameter.description ? (
                      <span className="block text-muted-foreground">{parameter.description}</span>
                    ) : null}
                  </td>
                  <td className="py-1">{parameter.required ? "Yes" : "No"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}

      {operation.body ? (
        <>
          <h4 className="mt-4 text-sm font-semibold">Request body (JSON)</h4>
          <Example summary="Example body" text={operation.body} />
        </>
      ) : null}

      <h4 className="mt-4 text-sm font-semibold">Responses</h4>
      <ul className="mt-2 flex flex-col gap-2 text-sm">
        {operation.responses.map((response) => (
          <li key={response.status}>
            <span className="font-mono font-semibold">{response.status}</span> {response.description}
            {response.mediaType && response.mediaType !== "application/json" ? ` (${response.mediaType})` : null}
            {response.example ? <Example summary={`Example ${response.status} body`} text={response.example} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
