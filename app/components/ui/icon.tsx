import type { LucideIconData } from "lucide-react";
import type * as React from "react";

export type Icon = (props: React.SVGProps<SVGSVGElement>) => React.ReactElement;

const ATTRIBUTE_ESCAPES: Record<string, string> = { "&": "&amp;", '"': "&quot;", "<": "&lt;" };

/** An icon's shapes (paths, circles, ...) as SVG markup, made once when the icon is defined. */
function shapesMarkup(data: LucideIconData): string {
  return data.node
    .map(([tag, attributes]) => {
      const written = Object.entries(attributes)
        .filter(([name]) => name !== "key")
        .map(([name, value]) => ` ${name}="${String(value).replace(/[&"<]/g, (c) => ATTRIBUTE_ESCAPES[c]!)}"`)
        .join("");
      return `<${tag}${written}/>`;
    })
    .join("");
}

/**
 * A lucide icon drawn from the package's own shape data (the `__iconData` each
 * `lucide-react/icons/<name>` module exports), as one `<svg>` with its shapes
 * inserted as prepared markup. lucide-react's components rebuild their attributes
 * and one element per shape on every render, and a dashboard page shows some 25
 * icons: on the server that was about a tenth of the Contacts page's CPU
 * (docs/decisions/017-server-rendering.md). Stroke, fill and the default size come
 * from the `icon` class in app/app.css; size classes such as `size-4` override it.
 * Decorative by default (`aria-hidden`), like lucide's.
 */
export function iconFrom(module: object): Icon {
  const data = (module as { __iconData?: LucideIconData }).__iconData;
  if (!data?.node) throw new Error("A lucide-react icon module without __iconData: app/components/ui/icon.tsx needs another source of shapes.");
  const shapes = { __html: shapesMarkup(data) };
  return function LucideShapes({ className, ...props }) {
    return (
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        {...props}
        className={className ? `icon ${className}` : "icon"}
        dangerouslySetInnerHTML={shapes}
      />
    );
  };
}
