/**
 * How long ago a stored count was taken, in the words of a segment card: "just now",
 * "2 min ago", "3 h ago", "5 days ago". Worked out by the loader with the server's
 * clock, so the server's HTML and the browser's render agree.
 */
export function describeCountAge(countedAt: Date, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - countedAt.getTime()) / 1000));
  if (seconds < 60) return "just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? "1 day ago" : `${days} days ago`;
}
