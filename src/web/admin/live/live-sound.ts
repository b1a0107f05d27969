import { useSyncExternalStore } from 'react';

/** A chime when something comes in: a setting of this device (the desk may want it, a phone may not). */
const storageKey = 'fridge-check.live-sound';
const listeners = new Set<() => void>();

export function soundEnabled(): boolean {
  try {
    return localStorage.getItem(storageKey) === 'on';
  } catch {
    return false;
  }
}

export function setSoundEnabled(on: boolean): void {
  try {
    localStorage.setItem(storageKey, on ? 'on' : 'off');
  } catch {
    // Private mode: the choice holds for this page only.
  }
  for (const listener of listeners) listener();
  if (on) chime();
}

export function useSoundEnabled(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    soundEnabled,
    () => false,
  );
}

let context: AudioContext | undefined;

/** Two short tones made on the spot (no sound file to download). Browsers allow it after a tap on the page. */
export function chime(): void {
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.15, 1320],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.3);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.3);
    }
  } catch {
    // No audio on this device: the notice on screen is enough.
  }
}
