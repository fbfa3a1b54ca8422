/**
 * Web Audio, which jsdom lacks: an AudioContext class whose oscillators push the frequency of
 * each tone they start onto `started`; gains and timing do nothing.
 */
export function fakeAudioContext(started: number[], currentTime = 0) {
  return class FakeAudioContext {
    currentTime = currentTime;
    destination = {};
    resume = async () => undefined;
    createGain() {
      return { connect: () => undefined, gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined } };
    }
    createOscillator() {
      let frequency = 0;
      return {
        type: '',
        frequency: { setValueAtTime: (hz: number) => void (frequency = hz) },
        connect: () => undefined,
        start: () => void started.push(frequency),
        stop: () => undefined,
      };
    }
  };
}
