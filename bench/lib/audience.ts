// A realistic audience file: unicode names, phones in several national and
// international formats, about 2% repeated emails in another case and 1% invalid ones.

const FIRST = [
  "Ada",
  "Zoë",
  "José",
  "Åsa",
  "Mặt",
  "Yūki",
  "Øyvind",
  "Chloé",
  "Nikolaj",
  "Priya",
  "Łukasz",
  "Fatima",
  "Sören",
  "Ngozi",
  "李",
  "Олена",
];
const LAST = [
  "Lovelace",
  "Müller",
  "García",
  "Nguyễn",
  "Sato",
  "O'Brien",
  "Søndergaard",
  "Kowalski",
  "Okafor",
  "Dubois",
  "王",
  "Шевченко",
  "Smith, Jr.",
  '"Ace" Jones',
];

function phoneFor(i: number): string {
  const n = String(1_000_000 + (i % 8_999_999)).padStart(7, "0");
  switch (i % 5) {
    case 0:
      return `+1 415 55${n.slice(0, 1)} ${n.slice(1, 5)}`;
    case 1:
      return `(212) 555-${n.slice(3, 7)}`;
    case 2:
      return `+44 20 7946 ${n.slice(3, 7)}`;
    case 3:
      return `0049 30 ${n}`;
    default:
      return "";
  }
}

export function emailFor(i: number): string {
  return `person.${i}@example-${i % 97}.com`;
}

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The lines of a CSV with `rows` data rows (header first). Rows 0..rows-1 use
 * emails `emailFor(offset + k)`; every 50th row repeats an earlier email in upper
 * case, every 100th has an invalid email.
 */
export function* audienceCsvLines(rows: number, offset = 0): Generator<string> {
  yield "Full Name,Email Address,Mobile Phone,Plan\n";
  for (let k = 0; k < rows; k++) {
    const i = offset + k;
    const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`;
    let email = emailFor(i);
    if (k % 50 === 49) email = emailFor(offset + k - 17).toUpperCase();
    else if (k % 100 === 98) email = `broken-${i}.example.com`;
    yield `${csvCell(name)},${email},${csvCell(phoneFor(i))},${i % 3 === 0 ? "pro" : "free"}\n`;
  }
}

/** True for a row of audienceCsvLines whose email is a repeat or invalid (see above), not its own emailFor. */
function rowHasOtherEmail(k: number): boolean {
  return k % 50 === 49 || k % 100 === 98;
}

/**
 * `count` emails that audienceCsvLines(rows, offset) really contains, each once, in
 * file order: the rows whose email is a repeat or invalid are passed over, so
 * contacts seeded with these all reappear in the file.
 */
export function emailsInFile(count: number, rows: number, offset = 0): string[] {
  const emails: string[] = [];
  for (let k = 0; k < rows && emails.length < count; k++) if (!rowHasOtherEmail(k)) emails.push(emailFor(offset + k));
  if (emails.length < count) throw new Error(`A file of ${rows} rows holds fewer than ${count} distinct emails`);
  return emails;
}
