/**
 * A short beep through Web Audio (an oscillator: no sound file to load or cache), for what the
 * owner must hear at the cart: a new pickup order. Silent where the browser has no AudioContext
 * (jsdom, an old browser) or refuses to play: the same news is shown and announced anyway.
 */
type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Context = window.AudioContext ?? (window as Window & { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Context) return null;
  try {
    context = new Context();
  } catch {
    return null;
  }
  return context;
}

/**
 * Browsers start audio only after a tap on the page: the context is made (or resumed) on the first
 * tap or key after this is called, so a beep later, with nobody touching the tablet, plays.
 */
export function armBeep(): () => void {
  const unlock = () =>
    void audioContext()
      ?.resume()
      .catch(() => undefined);
  window.addEventListener('pointerdown', unlock, { once: true });
  window.addEventListener('keydown', unlock, { once: true });
  return () => {
    window.removeEventListener('pointerdown', unlock);
    window.removeEventListener('keydown', unlock);
  };
}

/** Two short rising tones, about half a second. */
export function beep(): void {
  const audio = audioContext();
  if (!audio) return;
  try {
    void audio.resume().catch(() => undefined);
    const gain = audio.createGain();
    gain.connect(audio.destination);
    const start = audio.currentTime;
    [880, 1320].forEach((frequency, i) => {
      const at = start + i * 0.22;
      const tone = audio.createOscillator();
      tone.type = 'sine';
      tone.frequency.setValueAtTime(frequency, at);
      tone.connect(gain);
      gain.gain.setValueAtTime(0.25, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + 0.2);
      tone.start(at);
      tone.stop(at + 0.2);
    });
  } catch {
    // No sound: the banner and the announcement still tell the owner.
  }
}
