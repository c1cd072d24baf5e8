import type { CsvSource } from "#shared/contacts/csv-stream.ts";

type Listener = (value?: unknown) => void;
type SourceEvent = "data" | "end" | "error";

// The browser may hand over a file in very large pieces; papaparse parses each
// piece in one go, so pieces are cut to this many characters and the page gets
// a turn between them.
const PIECE_CHARS = 256 * 1024;

/**
 * A chosen File as the Node-style readable papaparse streams from. papaparse's
 * own File reader slices at fixed byte offsets and decodes each slice alone,
 * which breaks a UTF-8 character that straddles two slices; here the browser's
 * TextDecoderStream decodes the file as one stream. Reading happens only while
 * resumed, so the parser can hold the file back while a chunk is uploading, and
 * in small pieces, so the tab stays responsive while a large file is read.
 */
export function fileTextSource(file: File): CsvSource {
  const reader = file.stream().pipeThrough(new TextDecoderStream()).getReader();
  const listeners = new Map<SourceEvent, Set<Listener>>();
  let flowing = false;
  let pumping = false;
  let ended = false;
  let text = "";
  let offset = 0;

  const emit = (event: SourceEvent, value?: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(value);
  };

  async function pump() {
    if (pumping) return;
    pumping = true;
    try {
      while (flowing && !ended) {
        if (offset >= text.length) {
          const { done, value } = await reader.read();
          if (done) {
            ended = true;
            emit("end");
            break;
          }
          text = value;
          offset = 0;
        }
        const piece = text.slice(offset, offset + PIECE_CHARS);
        offset += piece.length;
        emit("data", piece);
        await nextTurn();
      }
    } catch (error) {
      ended = true;
      emit("error", error);
    } finally {
      pumping = false;
    }
  }

  const source: CsvSource = {
    readable: true,
    read: () => null,
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      if (event === "data") source.resume();
      return source;
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
      return source;
    },
    removeAllListeners(event) {
      listeners.delete(event);
      return source;
    },
    pause() {
      flowing = false;
      return source;
    },
    resume() {
      // Nobody reads any more (the parser stopped early): let go of the file instead of reading it to the end.
      if (!listeners.get("data")?.size) {
        if (!ended) {
          ended = true;
          void reader.cancel().then(
            () => emit("end"),
            () => emit("end"),
          );
        }
        return source;
      }
      flowing = true;
      queueMicrotask(() => void pump());
      return source;
    },
    setEncoding: () => source,
  };
  return source;
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
