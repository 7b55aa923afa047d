import { useErrorStore } from './stores/error-store';
import { useSettingsStore } from './stores/settings-store';

/** The component that threw: the first frame of React's component stack ("at RoomList (…)"). */
function componentName(stack: string | null | undefined): string {
  const match = /at (\w+)/.exec(stack ?? '');
  return match?.[1] ?? 'anonymous';
}

export function recordError(error: unknown, componentStack?: string | null): void {
  if (!useSettingsStore.getState().errorLog) return;
  const err = error instanceof Error ? error : new Error(String(error));
  useErrorStore.getState().add({
    err: { message: err.message, stack: err.stack },
    vm: componentName(componentStack),
    info: componentStack ?? '',
    url: window.location.href,
  });
  console.error(err);
}
