import { useEffect } from "react";
import { toast, Toaster } from "sonner";
import type { Toast } from "#app/http/toast.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/**
 * Shows toasts handed over by the server (flash cookie or action result).
 * With JavaScript they go to Sonner (bottom-right, 3 visible, Alt+T to focus);
 * before hydration, or without JavaScript, the same messages render as a static
 * list in the same corner so nothing is lost.
 */
export function Toasts({ toasts = [] }: { toasts?: Toast[] }) {
  const hydrated = useHydrated();
  useEffect(() => {
    for (const item of toasts) {
      const show = item.type === "error" ? toast.error : item.type === "success" ? toast.success : toast;
      show(item.title, { description: item.description });
    }
  }, [toasts]);

  if (hydrated || toasts.length === 0) return null;
  return (
    <section
      aria-label="Notifications alt+T"
      className="fixed right-4 bottom-4 z-50 flex w-[356px] max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      <ol className="flex flex-col gap-2">
        {toasts.slice(-3).map((item, index) => (
          <li
            key={index}
            role={item.type === "error" ? "alert" : "status"}
            data-type={item.type}
            className={
              item.type === "error"
                ? "rounded-md border border-destructive/40 bg-destructive text-destructive-foreground p-4 shadow-lg"
                : "rounded-md border bg-popover text-popover-foreground p-4 shadow-lg"
            }
          >
            <div className="text-sm font-semibold">{item.title}</div>
            {item.description ? <div className="mt-1 text-sm opacity-90">{item.description}</div> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The single Sonner host, rendered once by the root route, in the page's theme (Sonner's own default is light). */
export function ToastHost({ theme }: { theme: "light" | "dark" }) {
  return (
    <Toaster
      theme={theme}
      position="bottom-right"
      visibleToasts={3}
      hotkey={["altKey", "KeyT"]}
      richColors
      closeButton
    />
  );
}
