import { create } from 'zustand';

/** One recorded client error (spec §3 "Error log entry"): the error, the component, extra info, the page URL. */
export interface ErrorEntry {
  err: { message: string; stack?: string };
  vm: string;
  info: string;
  url: string;
  time: number;
}

interface ErrorState {
  logs: ErrorEntry[];
  add(entry: Omit<ErrorEntry, 'time'>): void;
  clear(): void;
}

// A runaway render loop must not eat the tab's memory.
const MAX_LOGS = 100;

export const useErrorStore = create<ErrorState>((set, get) => ({
  logs: [],
  add: (entry) => set({ logs: [...get().logs, { ...entry, time: Date.now() }].slice(-MAX_LOGS) }),
  clear: () => set({ logs: [] }),
}));
