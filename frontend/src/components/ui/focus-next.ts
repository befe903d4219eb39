import { useEffect, useRef } from "react";

/**
 * When `trigger` changes and the change removed the focused control (focus fell to `<body>`), focuses `next()`: the
 * next thing to do. Before the visitor has used the page (a wallet restored on load) focus is left where it is.
 */
export function useFocusNext(trigger: unknown, next: () => HTMLElement | null | undefined) {
  const previous = useRef(trigger);
  useEffect(() => {
    if (Object.is(previous.current, trigger)) return;
    previous.current = trigger;
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (focusLost && navigator.userActivation?.hasBeenActive !== false) next()?.focus();
  });
}
