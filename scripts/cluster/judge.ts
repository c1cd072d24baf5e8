// What the cluster scenario requires, read from the summary it prints: so every check
// is about a figure a reader of the report can see.

type Summary = {
  missedFaults: string[];
  unexpectedExits: string[];
  import: {
    rows: number;
    imported?: number;
    updated?: number;
    skipped?: number;
    error?: string;
    contactsStored: number;
  };
  events: { sent: number; failedBatches: number; stored: number; storedDistinctMessageIds: number };
  send: {
    recipients: number;
    sent: number;
    unknown: number;
    failed: number;
    other: number;
    duplicates: number;
    sentButMissing: number;
    unknownBound: number;
    state: string;
  };
  answers: Record<string, { serverErrorsOutside: number }>;
  readyzFalseDuringRestart: Record<string, boolean>;
  readyz503OutsideRestart: number;
  graceful: { webExitCode?: number | null; workerExitCode?: number | null; workerClaimsLeft?: number };
  sessions: { process: string; status: number }[];
  rateLimit: { process: string; status: number }[];
};

/** Each requirement the summary does not meet, in words; none when the scenario passed. */
export function judge(summary: Summary, expected: { recipients: number }): string[] {
  const failures: string[] = [];
  const check = (ok: boolean, message: string) => {
    if (!ok) failures.push(message);
  };
  const { send, events } = summary;
  const rows = summary.import.rows;

  check(summary.unexpectedExits.length === 0, `processes died: ${summary.unexpectedExits.join("; ")}`);
  check(summary.missedFaults.length === 0, `faults whose moment never came: ${summary.missedFaults.join(", ")}`);

  // Every row applied once: a chunk applied twice would count its rows as updated.
  check(summary.import.error === undefined, `the import failed: ${summary.import.error}`);
  check(
    summary.import.imported === rows && summary.import.updated === 0 && summary.import.skipped === 0,
    `import totals are not ${rows} imported, 0 updated, 0 skipped`,
  );
  check(
    summary.import.contactsStored === rows,
    `${summary.import.contactsStored} imported contacts stored, not ${rows}`,
  );

  // Every event stored once, however often the SDK sent its batch.
  check(events.failedBatches === 0, `${events.failedBatches} event batches given up by the SDK`);
  check(events.stored === events.sent, `events stored ${events.stored}, sent ${events.sent}`);
  check(events.storedDistinctMessageIds === events.stored, "an event was stored twice");

  // Every recipient sent exactly once, or recorded unknown within the ledger's bound.
  check(send.state === "SENT", `the campaign is ${send.state}, not SENT`);
  check(
    send.recipients === expected.recipients,
    `${send.recipients} recipients in the ledger, not ${expected.recipients}`,
  );
  check(send.duplicates === 0, `${send.duplicates} recipients got the message twice`);
  check(send.sentButMissing === 0, `${send.sentButMissing} recipients recorded sent but not received once`);
  check(send.failed === 0 && send.other === 0, `${send.failed} failed and ${send.other} other recipients`);
  check(send.sent + send.unknown === send.recipients, "recipients neither sent nor unknown");
  check(
    send.unknown <= send.unknownBound,
    `${send.unknown} unknown outcomes, more than the bound ${send.unknownBound}`,
  );

  for (const [source, counted] of Object.entries(summary.answers))
    check(
      counted.serverErrorsOutside === 0,
      `${counted.serverErrorsOutside} ${source} requests answered 5xx outside the restart`,
    );
  check(
    Object.values(summary.readyzFalseDuringRestart).every(Boolean),
    "a web process never answered /readyz 503 during the restart",
  );
  check(summary.readyz503OutsideRestart === 0, `${summary.readyz503OutsideRestart} /readyz 503 outside the restart`);

  // Checked when they happened; a stop whose moment never came is reported above.
  const { graceful } = summary;
  if ("webExitCode" in graceful)
    check(graceful.webExitCode === 0, `the web process stopped with SIGTERM exited with ${graceful.webExitCode}`);
  if ("workerExitCode" in graceful) {
    check(graceful.workerExitCode === 0, `the stopped worker exited with ${graceful.workerExitCode}`);
    check(graceful.workerClaimsLeft === 0, `the stopped worker left ${graceful.workerClaimsLeft} claims behind`);
  }

  check(
    summary.sessions.every((one) => one.status === 200),
    "the session was refused by a web process",
  );
  check(
    summary.rateLimit.map((one) => one.status).join() === [...Array(10).fill(401), 429].join(),
    "failed sign-ins were not limited across web processes (10 refused with 401, the 11th with 429)",
  );
  return failures;
}
