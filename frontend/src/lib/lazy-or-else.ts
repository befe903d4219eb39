import { lazy, type ComponentType } from "react";

/** `React.lazy` for a piece the page can do without: should its chunk fail to download, `fallback` renders. */
export function lazyOrElse<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: ComponentType<Props>,
) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: fallback }),
    ),
  );
}
