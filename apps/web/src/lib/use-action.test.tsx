import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAction } from './use-action.ts';

function controllable() {
  const calls: { resolve: (v: string) => void; reject: (e: unknown) => void }[] = [];
  const run = (_: number) =>
    new Promise<string>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { run, calls };
}

describe('useAction', () => {
  it('goes pending, then success with the data, and calls both success callbacks', async () => {
    const { run, calls } = controllable();
    const onDefault = vi.fn();
    const onCall = vi.fn();
    const { result } = renderHook(() => useAction(run, { onSuccess: onDefault }));
    expect(result.current.isPending).toBe(false);
    act(() => result.current.mutate(1, { onSuccess: onCall }));
    expect(result.current.isPending).toBe(true);
    await act(async () => calls[0]?.resolve('done'));
    expect(result.current).toMatchObject({ isPending: false, isSuccess: true, data: 'done', error: null });
    expect(onDefault).toHaveBeenCalledWith('done');
    expect(onCall).toHaveBeenCalledWith('done');
  });

  it('keeps the error of a failed call', async () => {
    const { run, calls } = controllable();
    const onError = vi.fn();
    const { result } = renderHook(() => useAction(run));
    act(() => result.current.mutate(1, { onError }));
    const failure = new Error('refused');
    await act(async () => calls[0]?.reject(failure));
    expect(result.current).toMatchObject({ isError: true, isSuccess: false, error: failure });
    expect(onError).toHaveBeenCalledWith(failure);
  });

  it('ignores a call that settles after a reset or a newer call', async () => {
    const { run, calls } = controllable();
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useAction(run, { onSuccess }));
    act(() => result.current.mutate(1));
    act(() => result.current.reset());
    await act(async () => calls[0]?.resolve('stale'));
    expect(result.current.isSuccess).toBe(false);
    act(() => result.current.mutate(2));
    act(() => result.current.mutate(3));
    await act(async () => calls[1]?.resolve('older'));
    expect(result.current.isPending).toBe(true);
    await act(async () => calls[2]?.resolve('newest'));
    await waitFor(() => expect(result.current.data).toBe('newest'));
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });
});
