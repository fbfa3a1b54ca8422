import { beep } from './beep';

describe('beep', () => {
  afterEach(() => {
    delete (window as { AudioContext?: unknown }).AudioContext;
  });

  it('is silent, and throws nothing, where the browser has no Web Audio (jsdom)', () => {
    expect(window.AudioContext).toBeUndefined();
    expect(() => beep()).not.toThrow();
  });

  it('plays two short tones through an oscillator where it has', () => {
    const started: number[] = [];
    (window as { AudioContext?: unknown }).AudioContext = class {
      currentTime = 10;
      destination = {};
      resume = async () => undefined;
      createGain = () => ({ connect: () => undefined, gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined } });
      createOscillator = () => {
        let frequency = 0;
        return {
          type: '',
          frequency: { setValueAtTime: (hz: number) => void (frequency = hz) },
          connect: () => undefined,
          start: () => void started.push(frequency),
          stop: () => undefined,
        };
      };
    };
    beep();
    expect(started).toEqual([880, 1320]);
  });
});
