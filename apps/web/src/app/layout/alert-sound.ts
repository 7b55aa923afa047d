let context: AudioContext | null = null;

/** A short two-tone chime, synthesised so that no sound file has to ship (spec §1: reminder with a sound alert). */
export function playAlert(): void {
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    for (const [i, freq] of [880, 660].entries()) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.2, now + i * 0.25);
      gain.gain.exponentialRampToValueAtTime(0.001, now + i * 0.25 + 0.22);
      osc.connect(gain).connect(context.destination);
      osc.start(now + i * 0.25);
      osc.stop(now + i * 0.25 + 0.25);
    }
  } catch {
    // Browsers may block audio before the first user gesture; the notification still shows.
  }
}
