import { useEffect, useRef } from "react";

/** When `trigger` changes and focus fell to `<body>`, focuses `next()`: not before the visitor has used the page. */
export function useFocusNext(trigger: unknown, next: () => HTMLElement | null | undefined) {
  const previous = useRef(trigger);
  useEffect(() => {
    if (Object.is(previous.current, trigger)) return;
    previous.current = trigger;
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (focusLost && navigator.userActivation?.hasBeenActive !== false) next()?.focus();
  });
}
