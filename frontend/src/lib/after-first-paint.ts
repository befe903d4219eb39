import { useEffect, useState } from "react";

/**
 * False on the first render, true once the browser has painted it: for a part the first screen does not show, so
 * that neither its rendering nor its download holds back the page's first paint.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callback runs just before that frame is painted; a task it queues runs after the paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
