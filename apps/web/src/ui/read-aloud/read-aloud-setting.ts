/** Where the player's choice to have texts read aloud is kept (on this device, for every game). */
export const READ_ALOUD_STORAGE_KEY = 'readAloud';

const listeners = new Set<() => void>();
/** Where storage refuses to keep it (private browsing), the choice holds while the page stays open. */
let storageRefused = false;
let memory = false;

function stored(): boolean {
  try {
    return window.localStorage.getItem(READ_ALOUD_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

export function readAloudSetting(): boolean {
  return storageRefused ? memory : stored();
}

export function chooseReadAloud(on: boolean): void {
  memory = on;
  try {
    if (on) window.localStorage.setItem(READ_ALOUD_STORAGE_KEY, 'on');
    else window.localStorage.removeItem(READ_ALOUD_STORAGE_KEY);
  } catch {
    storageRefused = true;
  }
  for (const listener of listeners) listener();
}

export function onReadAloudSetting(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === READ_ALOUD_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
