import { useState } from 'react';
import { STORAGE_KEYS } from '@app/contract';

/** The three switches of /userCent, kept on this device (spec §2). */
export interface Settings {
  showMessageTime: boolean;
  winNotice: boolean;
  quietMode: boolean;
}
const DEFAULTS: Settings = { showMessageTime: true, winNotice: true, quietMode: false };

function read(): Settings {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.settings);
    const saved = raw ? (JSON.parse(raw) as Partial<Settings>) : {};
    return {
      showMessageTime: typeof saved.showMessageTime === 'boolean' ? saved.showMessageTime : DEFAULTS.showMessageTime,
      winNotice: typeof saved.winNotice === 'boolean' ? saved.winNotice : DEFAULTS.winNotice,
      quietMode: typeof saved.quietMode === 'boolean' ? saved.quietMode : DEFAULTS.quietMode,
    };
  } catch {
    return { ...DEFAULTS };
  }
}

export function useSettings(): [Settings, (key: keyof Settings, value: boolean) => void] {
  const [settings, setSettings] = useState<Settings>(read);
  const update = (key: keyof Settings, value: boolean) => {
    const next = { ...settings, [key]: value };
    setSettings(next);
    localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(next));
  };
  return [settings, update];
}
