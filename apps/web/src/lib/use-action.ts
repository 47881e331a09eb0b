import { useCallback, useRef, useState } from 'react';

type ActionState<Data> =
  | { status: 'idle'; data: undefined; error: null }
  | { status: 'pending'; data: undefined; error: null }
  | { status: 'success'; data: Data; error: null }
  | { status: 'error'; data: undefined; error: unknown };

export interface ActionCallbacks<Data> {
  onSuccess?: (data: Data) => void;
  onError?: (error: unknown) => void;
}

export interface Action<Variables, Data> {
  mutate: (variables: Variables, callbacks?: ActionCallbacks<Data>) => void;
  reset: () => void;
  data: Data | undefined;
  error: unknown;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
}

const IDLE = { status: 'idle', data: undefined, error: null } as const;

/**
 * A one-shot call to the server with its pending, success and error states: the shape of React
 * Query's `useMutation`, for the sign-in screen only. That screen runs before the app and its query
 * cache load (decision 032), and its calls (send a code, check it, start the shop sign-in) cache
 * nothing. Every other screen uses React Query.
 */
export function useAction<Variables, Data>(
  run: (variables: Variables) => Promise<Data>,
  defaults: ActionCallbacks<Data> = {},
): Action<Variables, Data> {
  const [state, setState] = useState<ActionState<Data>>(IDLE);
  // Only the latest call may settle the state: a reset or a newer call makes an older one stale.
  const latest = useRef(0);
  const mutate = useCallback(
    (variables: Variables, callbacks: ActionCallbacks<Data> = {}) => {
      const call = ++latest.current;
      setState({ status: 'pending', data: undefined, error: null });
      run(variables).then(
        (data) => {
          if (call !== latest.current) return;
          setState({ status: 'success', data, error: null });
          defaults.onSuccess?.(data);
          callbacks.onSuccess?.(data);
        },
        (error: unknown) => {
          if (call !== latest.current) return;
          setState({ status: 'error', data: undefined, error });
          defaults.onError?.(error);
          callbacks.onError?.(error);
        },
      );
    },
    // The callers pass module-level functions; `defaults` is read at settle time on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [run],
  );
  const reset = useCallback(() => {
    latest.current += 1;
    setState(IDLE);
  }, []);
  return {
    mutate,
    reset,
    data: state.data,
    error: state.error,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
  };
}
