import { useCallback, useEffect, useRef } from 'react';
import { type FaceBatchStatus, faceBatchStatus } from './api';

const RUNNING = 2;
const DONE = 3;

export interface WatchHandlers {
  progress(percent: number): void;
  done(status: FaceBatchStatus): void;
  failed(): void;
}

/**
 * Follows a 批量上传 commit running on the server: Face/BatchStatus every second (as the import dialogs poll
 * ImportStatus) until it is 完成 or 失败. Each watch has its own timer, so a job left to run in the background keeps
 * being followed while the dialog starts another; all stop when the page goes.
 */
export function useBatchWatch() {
  const timers = useRef(new Set<number>());
  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const t of all) window.clearInterval(t);
      all.clear();
    };
  }, []);

  return useCallback((importId: number, on: WatchHandlers) => {
    let busy = false;
    const tick = async () => {
      // A slow answer must not be overtaken by the next poll's.
      if (busy) return;
      busy = true;
      try {
        const s = await faceBatchStatus(importId);
        if (s.Status === RUNNING) on.progress(s.Progress);
        else {
          stop();
          if (s.Status === DONE) on.done(s);
          else on.failed();
        }
      } catch {
        // A lost poll is retried by the next tick.
      } finally {
        busy = false;
      }
    };
    const timer = window.setInterval(() => void tick(), 1000);
    const stop = () => {
      window.clearInterval(timer);
      timers.current.delete(timer);
    };
    timers.current.add(timer);
    void tick();
  }, []);
}
