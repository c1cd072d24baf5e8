/**
 * Building an Intl.DateTimeFormat costs ICU tens of microseconds, far more than
 * formatting one date with it, and the locale-taking Date methods
 * (toLocaleDateString and the like) build a new one on every call. A page that
 * writes a date per chart point and table row paid that hundreds of times a
 * request, a quarter of the Analytics page's server time. So formats are made once
 * per set of options (time zone included) and kept for the life of the process.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The formats kept at most: the code uses a handful of option sets, times the
 * runtime's few hundred IANA zones. Past it (never in practice) the cache starts
 * over rather than grow without bound.
 */
const MAX_FORMATS = 4000;

/**
 * The en-US date-time format for these options, made on first use. Throws a
 * RangeError for an unknown time zone, as the Intl constructor does (and such a
 * format is not kept).
 */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", options);
    if (formats.size >= MAX_FORMATS) formats.clear();
    formats.set(key, format);
  }
  return format;
}
