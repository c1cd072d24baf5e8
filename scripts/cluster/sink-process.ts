// The scenario's SMTP sink in a process of its own (forked by sink.ts): the scenario's
// own process is busy making 2,000 events a second and the import's chunks, and a sink
// sharing its event loop would slow the send it counts.
import { startCountingSink } from "../../bench/lib/counting-smtp-sink.ts";

const sink = await startCountingSink();
const send = (message: object) => process.send!(message);
send({ port: sink.port });
const progress = setInterval(() => send({ total: sink.total() }), 100);
process.on("message", (message) => {
  if (message === "report") send({ received: [...sink.received] });
  if (message === "close") {
    clearInterval(progress);
    void sink.close().then(() => process.exit(0));
  }
});
