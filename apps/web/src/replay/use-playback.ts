import { useEffect, useState } from 'react';

/** One step of replay at 1×; faster speeds divide it. */
export const STEP_MS = 500;
export const SPEEDS = [1, 2, 4, 8, 16, 32] as const;

/** Steps an index from its current value to `last` while playing; stops at the end. */
export const usePlayback = (index: number, last: number, setIndex: (index: number) => void) => {
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>(1);

  useEffect(() => {
    if (!playing) return;
    if (index >= last) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setIndex(index + 1), STEP_MS / speed);
    return () => clearTimeout(timer);
  }, [playing, index, last, speed, setIndex]);

  const toggle = () => {
    // playing again after the end starts over
    if (!playing && index >= last) setIndex(0);
    setPlaying(!playing);
  };

  return { playing, toggle, stop: () => setPlaying(false), speed, setSpeed };
};
