import { cn } from "#app/lib/cn.ts";

/** Murmur's mark: three rising sound waves. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("shrink-0", className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M9 20v-8M14 23V9M19 20v-8M24 17v-2" stroke="white" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
