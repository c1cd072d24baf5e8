import { fork } from "node:child_process";

export type SinkProcess = {
  port: number;
  /** Messages received so far (as of the sink's last report, at most 100 ms old). */
  total: () => number;
  /** How many messages each recipient address received. */
  received: () => Promise<Map<string, number>>;
  close: () => Promise<void>;
};

/** Starts the counting SMTP sink in a child process (sink-process.ts). */
export async function startSinkProcess(): Promise<SinkProcess> {
  const child = fork(new URL("./sink-process.ts", import.meta.url), { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  let total = 0;
  let report: ((received: Map<string, number>) => void) | undefined;
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`The SMTP sink exited with ${code}`)));
    child.on("message", (message: { port?: number; total?: number; received?: [string, number][] }) => {
      if (message.port) resolve(message.port);
      if (message.total !== undefined) total = message.total;
      if (message.received) report?.(new Map(message.received));
    });
  });
  return {
    port,
    total: () => total,
    received: () =>
      new Promise((resolve) => {
        report = resolve;
        child.send("report");
      }),
    close: async () => {
      const ended = new Promise((resolve) => child.once("exit", resolve));
      child.send("close");
      await ended;
    },
  };
}
