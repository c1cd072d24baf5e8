/*
 * Word-level knowledge of the built-in interpreter: a light stemmer, the words
 * that only carry the sentence ("users who have ..."), numbers written as
 * words, and the similarity that lets a typo still find a name.
 */

/** Words that carry no condition of their own. */
export const FILLERS = new Set(
  (
    "a an the of who whom whose that which what users user contacts contact people person persons customers customer clients client " +
    "members member folks subscribers everyone everybody anyone anybody all those these them they their there here me us i we our my " +
    "show find list give get want need looking like please lets let segment segments audience audiences group with from in on at to " +
    "for by as is are was were be been being have has had having do does did done ever any some only just also currently now still " +
    "live lives living located based belong belongs belonging whose where whom someone somebody ones one's its it this into within " +
    "and or but so then than very really actually already yet via through using either companies accounts businesses leads prospects something anything stuff placed made " +
    // What people add when they type as they talk: greetings, hedges, thanks.
    "hey hi hiya hello um umm uh hmm maybe basically like kinda sorta literally honestly okay ok well can could would you pls plz thanks thank thx " +
    "ppl guys shoppers individuals grab pull see tell know thats whos items things because due ones"
  ).split(" "),
);

/** Words that end one condition and start the next. */
export const SPLIT_WORDS = new Set([
  "and",
  "or",
  "but",
  "who",
  "that",
  "which",
  "whose",
  "with",
  "where",
  "while",
  "whereas",
  "plus",
  "&",
  "/",
]);

/** Of the split words, those that start what is said about the people just named ("users who ..."). */
export const RELATIVE_WORDS = new Set(["who", "that", "which", "whose", "where"]);

/** The forms of "starts", "begins" and "ends" that compare text when "with" follows ("ends with .io"). */
export const TEXT_EDGE_WORDS = ["starts", "starting", "start", "begins", "beginning", "begin", "ends", "ending", "end"];

export const NEGATION_WORDS = new Set([
  "not",
  "never",
  "no",
  "without",
  "none",
  "neither",
  "nor",
  "except",
  "excluding",
  "exclude",
  "nobody",
  "non",
  "outside",
  "minus",
]);

const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  a: 1,
  an: 1,
  single: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  ninety: 90,
  hundred: 100,
  dozen: 12,
};

/** A number written in digits or as a word ("three"), or undefined. */
export function numberOf(word: string): number | undefined {
  if (/^\d+(\.\d+)?$/.test(word)) return Number(word);
  return NUMBER_WORDS[word];
}

export const NUMBER_WORD_PATTERN = `(?:\\d+(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS).join("|")})`;

/**
 * A light suffix-stripping stemmer, enough for "purchased", "purchases" and
 * "purchase" to meet, and "cancelled" to meet "canceled".
 */
export function stem(word: string): string {
  return stemCache.get(word) ?? remember(stemCache, word, stemOf(word));
}

function stemOf(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("ied") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("ing") && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith("ed") && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith("es") && /(ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us")) w = w.slice(0, -1);
  if (w.endsWith("e") && w.length > 3) w = w.slice(0, -1);
  // "cancell" and "cancel", "stopp" and "stop"; "install" becomes "instal" either way.
  if (w.length > 3 && /([b-df-hj-np-tv-z])\1$/.test(w) && !w.endsWith("ss")) w = w.slice(0, -1);
  return w;
}

/**
 * Canonical concepts for verbs and nouns that name the same kind of event, so
 * "purchased" finds "Order Completed" and "registered" finds "Signed Up".
 * Keys are stems (or joined phrases, see PHRASES); values are the concept.
 */
const SYNONYMS: Record<string, string> = {
  purchas: "#purchase",
  buy: "#purchase",
  bought: "#purchase",
  buyer: "#purchase",
  order: "#purchase",
  checkout: "#purchase",
  paid: "#purchase",
  pay: "#purchase",
  payment: "#purchase",
  transaction: "#purchase",
  purchaser: "#purchase",
  signup: "#signup",
  regist: "#signup",
  registr: "#signup",
  registration: "#signup",
  login: "#login",
  logon: "#login",
  signin: "#login",
  view: "#view",
  visit: "#view",
  saw: "#view",
  seen: "#view",
  cancel: "#cancel",
  cancelation: "#cancel",
  cancellation: "#cancel",
  churn: "#cancel",
  start: "#start",
  began: "#start",
  begin: "#start",
  us: "#use",
  use: "#use",
  used: "#use",
  using: "#use",
  try: "#try",
  upgrad: "#upgrade",
  downgrad: "#downgrade",
  invit: "#invite",
  add: "#add",
  ad: "#add",
  remov: "#remove",
  delet: "#remove",
  download: "#download",
  export: "#export",
  submit: "#submit",
  submitt: "#submit",
  search: "#search",
  share: "#share",
  shar: "#share",
  sent: "#send",
  send: "#send",
};

/** Multi-word phrases that mean one concept; matched before stemming. */
export const PHRASES: [string[], string][] = [
  [["signed", "up"], "#signup"],
  [["sign", "up"], "#signup"],
  [["signing", "up"], "#signup"],
  [["signs", "up"], "#signup"],
  [["created", "an", "account"], "#signup"],
  [["created", "account"], "#signup"],
  [["logged", "in"], "#login"],
  [["log", "in"], "#login"],
  [["logs", "in"], "#login"],
  [["signed", "in"], "#login"],
  [["sign", "in"], "#login"],
  [["checked", "out"], "#purchase"],
  [["check", "out"], "#purchase"],
  [["made", "a", "purchase"], "#purchase"],
  [["made", "purchases"], "#purchase"],
  [["placed", "an", "order"], "#purchase"],
  [["placed", "orders"], "#purchase"],
  [["looked", "at"], "#view"],
];

/** Words an event name uses for "it happened", worth less than what happened. */
export const GENERIC_STEMS = new Set([
  "complet",
  "don",
  "finish",
  "creat",
  "perform",
  "happen",
  "event",
  "success",
  "successful",
  "action",
  "track",
  "plac",
  "#submit",
]);

/** The concept a stem stands for (a typo away, for longer words), or the stem itself. */
export function concept(word: string): string {
  return conceptCache.get(word) ?? remember(conceptCache, word, conceptOf(word));
}

function conceptOf(word: string): string {
  const s = stem(word);
  const known = SYNONYMS[s] ?? SYNONYMS[word];
  if (known) return known;
  if (s.length >= 6 && !FILLERS.has(word)) {
    const near = Object.keys(SYNONYMS).find((key) => key.length >= 6 && editDistance(s, key) <= 1);
    if (near) return SYNONYMS[near]!;
  }
  return s;
}

/** Optimal string alignment distance, for short words only (3 stands for "3 or more"). */
export function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  // Three rows (two back, one back, this one) instead of a matrix: this runs for every word pair.
  const width = b.length + 1;
  let older = new Uint16Array(width);
  let previous = Uint16Array.from({ length: width }, (_, j) => j);
  let current = new Uint16Array(width);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, older[j - 2]! + 1);
      current[j] = d;
    }
    [older, previous, current] = [previous, current, older];
  }
  return Math.min(previous[b.length]!, 3);
}

// Answers of sameWord and stem, kept between calls: a prompt compares its few words with the
// same vocabulary words many times. Bounded, so a stream of new words cannot grow it.
const CACHE_MAX = 50_000;
const sameCache = new Map<string, boolean>();
const stemCache = new Map<string, string>();
const conceptCache = new Map<string, string>();
const wordsCache = new Map<string, string[]>();

/** Empties the word caches, so bench/ai can time an answer whose words were never seen before. */
export function forgetWords(): void {
  for (const cache of [sameCache, stemCache, conceptCache, wordsCache]) cache.clear();
}

function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, value);
  return value;
}

/**
 * Whether a typed word names a vocabulary word: the same, the same stem, or a
 * typo away (one edit from five letters, two from nine). Filler words never
 * match by typo, so "from" does not become "form".
 */
export function sameWord(typed: string, known: string): boolean {
  if (typed === known) return true;
  const key = `${typed}\u0000${known}`;
  return sameCache.get(key) ?? remember(sameCache, key, compareWords(typed, known));
}

function compareWords(typed: string, known: string): boolean {
  if (/^\d/.test(typed) || /^\d/.test(known)) return false;
  if (stem(typed) === stem(known)) return true;
  if (FILLERS.has(typed) || NEGATION_WORDS.has(typed)) return false;
  const shorter = Math.min(typed.length, known.length);
  if (shorter < 5) return false;
  return editDistance(typed, known) <= (shorter >= 9 ? 2 : 1);
}

/**
 * Lower case words of a name or value: "Order_Completed", "orderCompleted" and "/order-completed" give "order
 * completed".
 */
export function wordsOf(text: string): string[] {
  // A copy, so a caller that changes its list cannot change the cached one.
  return [...(wordsCache.get(text) ?? remember(wordsCache, text, splitWords(text)))];
}

function splitWords(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}
