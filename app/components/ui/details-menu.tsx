import { useEffect, useRef } from "react";
import type * as React from "react";
import { Link, useLocation } from "react-router";
import { cn } from "#app/lib/cn.ts";

/**
 * A drop-down menu built on native <details>/<summary>, so it opens and closes
 * without JavaScript. Once hydrated it also closes on an outside click, on
 * Escape (returning focus to its trigger) and after a navigation.
 */
export function DetailsMenu({ className, children, ...props }: React.ComponentProps<"details">) {
  const ref = useDismissableDetails();
  return (
    <details ref={ref} className={cn("group/menu relative", className)} {...props}>
      {children}
    </details>
  );
}

export function DetailsMenuTrigger({ className, ...props }: React.ComponentProps<"summary">) {
  return (
    <summary
      className={cn(
        // A flex summary is no longer a list item, so the disclosure triangle disappears everywhere.
        "flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium select-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none group-open/menu:bg-accent [&::-webkit-details-marker]:hidden",
        className,
      )}
      {...props}
    />
  );
}

export function DetailsMenuContent({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      className={cn(
        "absolute right-0 z-50 mt-2 w-64 rounded-md border bg-popover p-1 text-popover-foreground shadow-lg",
        className,
      )}
      {...props}
    />
  );
}

export function DetailsMenuLabel({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("px-2 py-1.5 text-sm", className)} {...props} />;
}

export function DetailsMenuSeparator({ className }: { className?: string }) {
  return <div role="presentation" className={cn("-mx-1 my-1 h-px bg-border", className)} />;
}

const itemClass =
  "flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:text-accent-foreground disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground";

/** A menu entry that is a button: give it type="submit" inside a form for an action that works without JavaScript. */
export function DetailsMenuButton({ className, type = "button", ...props }: React.ComponentProps<"button">) {
  return <button type={type} className={cn(itemClass, className)} {...props} />;
}

/** A menu entry that goes to a page. */
export function DetailsMenuLink({ className, ...props }: React.ComponentProps<typeof Link>) {
  return <Link className={cn(itemClass, className)} {...props} />;
}

function useDismissableDetails() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  // A link or form inside the menu has done its job once the location changes.
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location]);

  useEffect(() => {
    function closeOnOutsidePointer(event: PointerEvent) {
      const details = ref.current;
      if (details?.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    }
    function closeOnEscape(event: KeyboardEvent) {
      const details = ref.current;
      if (event.key !== "Escape" || !details?.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    }
    document.addEventListener("pointerdown", closeOnOutsidePointer);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOnOutsidePointer);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, []);

  return ref;
}
