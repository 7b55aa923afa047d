import { useCallback, useEffect, useState } from 'react';

/** Seconds left before a new phone code may be requested (60 s after each request). */
export function useCountdown(seconds = 60) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  const start = useCallback(() => setLeft(seconds), [seconds]);
  return { left, running: left > 0, start };
}
