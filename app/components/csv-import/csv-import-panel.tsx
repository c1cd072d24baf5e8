import { Download } from "lucide-react";
import { useRef } from "react";
import type * as React from "react";
import { Form } from "react-router";
import { ColumnMappingFields } from "./column-mapping.tsx";
import { CsvPreview } from "./csv-preview.tsx";
import { ImportProgress } from "./import-progress.tsx";
import { ImportSummary } from "./import-summary.tsx";
import { useCsvImport } from "./use-csv-import.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { CsvProblem } from "#shared/contacts/csv-mapping.ts";

const count = new Intl.NumberFormat("en-US");

/**
 * The CSV Upload tab. A plain multipart form that the server imports without
 * JavaScript; with JavaScript the file is read in the browser, mapped and
 * previewed, then sent in chunks with progress and cancel. `problem` is the
 * server's answer to a refused no-JavaScript upload.
 */
export function CsvImportPanel({ problem: serverProblem }: { problem?: CsvProblem } = {}) {
  const hydrated = useHydrated();
  const csv = useCsvImport();
  const { state } = csv;
  const fileInput = useRef<HTMLInputElement>(null);
  const segmentInput = useRef<HTMLInputElement>(null);
  const allowErasedInput = useRef<HTMLInputElement>(null);
  const problem = csv.problem ?? (state.step === "empty" ? serverProblem : undefined);
  const parsed = state.step === "ready" || state.step === "importing" ? state.parsed : null;
  const busy = state.step === "importing";

  async function onFileChange(event: React.ChangeEvent<HTMLInputElement>) {
    const accepted = await csv.chooseFile(event.target.files?.[0] ?? null);
    if (!accepted && fileInput.current) fileInput.current.value = "";
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    // With JavaScript the browser reads and sends the file itself, in chunks.
    event.preventDefault();
    void csv.start(segmentInput.current?.value.trim() ?? "", allowErasedInput.current?.checked ?? false);
  }

  function onReset() {
    if (fileInput.current) fileInput.current.value = "";
    if (segmentInput.current) segmentInput.current.value = "";
    csv.reset();
  }

  return (
    <div className="flex flex-col gap-6">
      <PanelIntro />
      <Form
        method="post"
        action="/dashboard/segments/import"
        encType="multipart/form-data"
        onSubmit={onSubmit}
        className="flex flex-col gap-5"
        aria-labelledby="csv-import-heading"
      >
        {/* The name comes before the file: the server streams the file and must know the segment first. */}
        <Field
          label="Segment name (optional)"
          description="The imported contacts also join a new segment of this name."
          className="max-w-md"
          inputProps={{
            ref: segmentInput,
            id: "csv-segment-name",
            name: "segmentName",
            maxLength: 200,
            disabled: busy,
          }}
        />
        {/* Before the file too: the server reads the form's fields in order, then streams the file. */}
        <div className="flex items-center gap-2 text-sm">
          <input
            ref={allowErasedInput}
            id="csv-allow-erased"
            type="checkbox"
            name="allowErased"
            disabled={busy}
            className="size-4 accent-primary"
          />
          <label htmlFor="csv-allow-erased">Allow erased contacts back (people deleted at their request)</label>
        </div>
        <Field
          label="CSV file"
          className="max-w-md"
          inputProps={{
            ref: fileInput,
            id: "csv-file",
            name: "file",
            type: "file",
            accept: ".csv",
            required: true,
            disabled: busy,
            onChange: onFileChange,
            // The file's problem shows below the whole form, as an alert, rather than under the field.
            "aria-describedby": problem ? "csv-import-problem" : undefined,
            className:
              "h-auto cursor-pointer file:mr-3 file:rounded-sm file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium file:text-secondary-foreground",
          }}
        />
        {problem ? <ProblemAlert problem={problem} /> : null}
        {state.step === "reading" ? (
          <p role="status" className="text-sm text-muted-foreground">
            Reading {state.fileName}... {count.format(state.rowsRead)} rows so far
          </p>
        ) : null}
        {parsed ? (
          <>
            <ColumnMappingFields fields={parsed.fields} mapping={parsed.mapping} disabled={busy} onChange={csv.remap} />
            <CsvPreview fields={parsed.fields} rows={parsed.preview} mapping={parsed.mapping} total={parsed.rows} />
          </>
        ) : null}
        {state.step === "importing" ? (
          <ImportProgress
            sent={state.rowsSent}
            total={state.parsed.rows}
            cancelling={state.cancelling}
            onCancel={csv.cancel}
          />
        ) : null}
        {state.step === "done" ? (
          <ImportSummary result={state.result} cancelled={state.cancelled} onReset={onReset} />
        ) : (
          <div>
            <Button type="submit" disabled={hydrated && (!parsed || parsed.rows === 0 || busy)}>
              Import
            </Button>
          </div>
        )}
      </Form>
    </div>
  );
}

function PanelIntro() {
  return (
    <div className="flex flex-col gap-2">
      <h2 id="csv-import-heading" className="text-lg font-semibold">
        Import contacts from a CSV file
      </h2>
      <p className="text-sm text-muted-foreground">
        One contact per row, under a header row. Columns whose header contains “name”, “email”, or “phone”, “mobile” or
        “contact” are matched automatically. Up to 1,000,000 rows and 200 MB per file.
      </p>
      <a
        href="/sample-contacts.csv"
        download
        className="inline-flex w-fit items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <Download className="size-4" aria-hidden="true" />
        Download sample CSV
      </a>
    </div>
  );
}

function ProblemAlert({ problem }: { problem: CsvProblem }) {
  return (
    <div
      id="csv-import-problem"
      role="alert"
      className="max-w-2xl rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
    >
      <p className="font-medium text-destructive">{problem.title}</p>
      <p>{problem.description}</p>
    </div>
  );
}
