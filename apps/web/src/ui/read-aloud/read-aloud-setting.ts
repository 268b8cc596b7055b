/** A player's choice kept on this device, for every game: on, or off (the default). */
type DeviceChoice = { get(): boolean; choose(on: boolean): void; subscribe(listener: () => void): () => void };

function deviceChoice(storageKey: string): DeviceChoice {
  const listeners = new Set<() => void>();
  /** Where storage refuses to keep it (private browsing), the choice holds while the page stays open. */
  let storageRefused = false;
  let memory = false;

  function stored(): boolean {
    try {
      return window.localStorage.getItem(storageKey) === 'on';
    } catch {
      return false;
    }
  }

  return {
    get: () => (storageRefused ? memory : stored()),
    choose(on) {
      memory = on;
      try {
        if (on) window.localStorage.setItem(storageKey, 'on');
        else window.localStorage.removeItem(storageKey);
      } catch {
        storageRefused = true;
      }
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      // Another tab changed it.
      const onStorage = (event: StorageEvent) => {
        if (event.key === storageKey) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}

/** Where the player's choice to have texts read aloud is kept (on this device, for every game). */
export const READ_ALOUD_STORAGE_KEY = 'readAloud';
const readAloud = deviceChoice(READ_ALOUD_STORAGE_KEY);
export const readAloudSetting = readAloud.get;
export const chooseReadAloud = readAloud.choose;
export const onReadAloudSetting = readAloud.subscribe;

/** Where the player's choice to hear a question's recording as soon as it opens is kept (off by default). */
export const PLAY_RECORDINGS_STORAGE_KEY = 'playRecordings';
const playRecordings = deviceChoice(PLAY_RECORDINGS_STORAGE_KEY);
export const playRecordingsSetting = playRecordings.get;
export const choosePlayRecordings = playRecordings.choose;
export const onPlayRecordingsSetting = playRecordings.subscribe;
