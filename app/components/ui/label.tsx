import type * as React from "react";
import { cn } from "#app/lib/cn.ts";

export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return <label className={cn("text-sm font-medium leading-none", className)} {...props} />;
}
