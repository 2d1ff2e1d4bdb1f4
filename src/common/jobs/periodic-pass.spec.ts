import { Logger } from '@nestjs/common';
import { PeriodicPass } from './periodic-pass';

describe('PeriodicPass', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const quietLogger = () => ({ warn: jest.fn() }) as unknown as Logger;

  it('runs one pass at a time: a tick during a pass is dropped', async () => {
    let finish!: () => void;
    const pass = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const job = new PeriodicPass(quietLogger(), 'failed', pass);
    job.start(1000, false);
    expect(pass).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1000);
    jest.advanceTimersByTime(1000);
    expect(pass).toHaveBeenCalledTimes(1);
    finish();
    await Promise.resolve();
    await Promise.resolve();
    jest.advanceTimersByTime(1000);
    expect(pass).toHaveBeenCalledTimes(2);
    finish();
    await job.stop();
  });

  it('logs a failed pass and runs the next one as usual', async () => {
    const warn = jest.fn();
    const logger = { warn } as unknown as Logger;
    const pass = jest.fn().mockRejectedValueOnce(new Error('db down')).mockResolvedValue(undefined);
    const job = new PeriodicPass(logger, 'retention failed', pass);
    job.start(1000, true);
    await jest.advanceTimersByTimeAsync(0);
    expect(warn).toHaveBeenCalledWith({ msg: 'retention failed', error: 'db down' });
    await jest.advanceTimersByTimeAsync(1000);
    expect(pass).toHaveBeenCalledTimes(2);
    await job.stop();
  });

  it('stop ends the timer, says stopping, and waits for the pass under way', async () => {
    let finish!: () => void;
    const job = new PeriodicPass(quietLogger(), 'failed', () => new Promise<void>((resolve) => (finish = resolve)));
    expect(job.stopping).toBe(false);
    job.start(1000, true);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    expect(job.stopping).toBe(true);
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('never starts with an interval of 0', () => {
    const pass = jest.fn(() => Promise.resolve());
    new PeriodicPass(quietLogger(), 'failed', pass).start(0, true);
    jest.advanceTimersByTime(10_000);
    expect(pass).not.toHaveBeenCalled();
  });
});
