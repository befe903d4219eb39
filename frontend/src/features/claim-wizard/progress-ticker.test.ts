import { beforeEach, describe, expect, it, vi } from "vitest";
import { nextProgress, PROGRESS_CAP, startProgressTicker } from "./progress-ticker.ts";

describe("nextProgress", () => {
  it("when ticking from 0, then progress climbs by 10 up to 90 and stays there", () => {
    const seen: number[] = [];
    let progress = 0;
    for (let tick = 0; tick < 12; tick += 1) {
      progress = nextProgress(progress);
      seen.push(progress);
    }
    expect(seen).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 90, 90, 90]);
  });

  it("when progress is already past the cap (a checkpoint), then a tick never lowers it", () => {
    expect(nextProgress(95)).toBe(95);
    expect(nextProgress(85)).toBe(PROGRESS_CAP);
  });
});

describe("startProgressTicker", () => {
  beforeEach(() => vi.useFakeTimers());

  it("when started, then it ticks every 200 ms until stopped", () => {
    const onTick = vi.fn();
    const stop = startProgressTicker(onTick);
    vi.advanceTimersByTime(199);
    expect(onTick).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(400);
    expect(onTick).toHaveBeenCalledTimes(3);
    stop();
    vi.advanceTimersByTime(1_000);
    expect(onTick).toHaveBeenCalledTimes(3);
  });
});
