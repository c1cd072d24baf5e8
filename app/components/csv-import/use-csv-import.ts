import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import {
  autoMapColumns,
  type ColumnMapping,
  CSV_PROBLEMS,
  type CsvProblem,
  type CsvTarget,
  hasEmailMapping,
  importedDescription,
  remapColumn,
} from "#shared/contacts/csv-mapping.ts";
import type { CsvRow } from "#shared/contacts/csv-stream.ts";
import { checkCsvFile, inspectCsvFile } from "./read-csv-file.ts";
import { ImportCancelled, ImportRequestError, type UploadResult, uploadCsvFile } from "./send-chunks.ts";

export type ParsedCsv = { file: File; fields: string[]; preview: CsvRow[]; rows: number; mapping: ColumnMapping };

export type CsvImportState =
  | { step: "empty" }
  | { step: "reading"; fileName: string; rowsRead: number }
  | { step: "ready"; parsed: ParsedCsv }
  | { step: "importing"; parsed: ParsedCsv; rowsSent: number; cancelling: boolean }
  | { step: "done"; result: UploadResult; cancelled: boolean };

/**
 * The browser's side of the CSV import: reads the chosen file, keeps the column
 * mapping, then uploads in chunks with progress and cancel. Problems are
 * toasted and also kept, so the panel can show them next to the file input.
 */
export function useCsvImport() {
  const [state, setState] = useState<CsvImportState>({ step: "empty" });
  const [problem, setProblem] = useState<CsvProblem | null>(null);
  const work = useRef<AbortController | null>(null);
  const revalidator = useRevalidator();

  // Leaving the page stops reading or sending; chunks already applied stay applied.
  useEffect(() => () => work.current?.abort(), []);

  const fail = useCallback((next: CsvProblem, keep: CsvImportState = { step: "empty" }) => {
    setProblem(next);
    setState(keep);
    toast.error(next.title, { description: next.description });
  }, []);

  /** Reads a chosen file; false when it is refused, so the input can be cleared. */
  const chooseFile = useCallback(
    async (file: File | null): Promise<boolean> => {
      work.current?.abort();
      setProblem(null);
      if (!file) {
        setState({ step: "empty" });
        return true;
      }
      const refused = checkCsvFile(file);
      if (refused) return reject(refused);
      const controller = new AbortController();
      work.current = controller;
      setState({ step: "reading", fileName: file.name, rowsRead: 0 });
      try {
        const read = await inspectCsvFile(file, {
          signal: controller.signal,
          onProgress: (rowsRead) =>
            controller.signal.aborted || setState({ step: "reading", fileName: file.name, rowsRead }),
        });
        if (controller.signal.aborted) return true;
        if ("title" in read) return reject(read);
        setState({ step: "ready", parsed: { file, ...read, mapping: autoMapColumns(read.fields) } });
        if (read.rows === 0) setProblem(CSV_PROBLEMS.headerOnly);
        return true;
      } catch (error) {
        return controller.signal.aborted || reject({ title: "Parse error", description: fileError(error) });
      }

      function reject(next: CsvProblem) {
        fail(next);
        return false;
      }
    },
    [fail],
  );

  const remap = useCallback((column: number, target: CsvTarget | null) => {
    setProblem((current) => (current === CSV_PROBLEMS.missingEmail ? null : current));
    setState((current) =>
      current.step === "ready"
        ? { step: "ready", parsed: { ...current.parsed, mapping: remapColumn(current.parsed.mapping, column, target) } }
        : current,
    );
  }, []);

  const start = useCallback(
    async (segmentName: string, allowErased = false) => {
      if (state.step !== "ready" || state.parsed.rows === 0) return;
      const { parsed } = state;
      if (!hasEmailMapping(parsed.mapping)) return fail(CSV_PROBLEMS.missingEmail, state);
      setProblem(null);
      const controller = new AbortController();
      work.current = controller;
      setState({ step: "importing", parsed, rowsSent: 0, cancelling: false });
      try {
        const result = await uploadCsvFile(parsed.file, {
          ...parsed,
          totalRows: parsed.rows,
          segmentName,
          allowErased,
          signal: controller.signal,
          onProgress: (rowsSent) => setState((s) => (s.step === "importing" ? { ...s, rowsSent } : s)),
        });
        setState({ step: "done", result, cancelled: false });
        toast.success("Import complete", { description: importedDescription(result.totals.imported) });
      } catch (error) {
        if (error instanceof ImportCancelled) {
          if (error.totals)
            setState({ step: "done", result: { totals: error.totals, firstSkipped: [] }, cancelled: true });
          else setState({ step: "ready", parsed });
          const imported = error.totals
            ? `${importedDescription(error.totals.imported)} before it stopped.`
            : "It stopped before any rows were imported.";
          toast.info("Import cancelled", { description: imported });
        } else {
          fail({ title: "Import failed", description: uploadError(error) }, { step: "ready", parsed });
        }
      } finally {
        // New contacts and segment counts show on the page behind the panel.
        void revalidator.revalidate();
      }
    },
    [state, fail, revalidator],
  );

  const cancel = useCallback(() => {
    setState((s) => (s.step === "importing" ? { ...s, cancelling: true } : s));
    work.current?.abort();
  }, []);

  const reset = useCallback(() => {
    work.current?.abort();
    setProblem(null);
    setState({ step: "empty" });
  }, []);

  return { state, problem, chooseFile, remap, start, cancel, reset };
}

function fileError(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "The file could not be read.";
}

function uploadError(error: unknown): string {
  if (error instanceof ImportRequestError) return error.message;
  // fetch fails with a TypeError only when the network does, here after every retry.
  if (error instanceof TypeError)
    return "The connection to Murmur was lost. Check your network and import the file again.";
  return error instanceof Error && error.message ? error.message : "The import stopped unexpectedly.";
}
