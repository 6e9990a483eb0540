import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App } from 'antd';
import type { Answer } from './api';

/**
 * A staff action: runs `fn`, shows the server's message (success or the refusal, e.g. 已处理),
 * and refreshes the queries it touched either way (a refusal usually means the data moved on).
 */
export function useAction<V, T = unknown>(fn: (vars: V) => Promise<Answer<T>>, refresh: QueryKey[] = [], onDone?: (data: T) => void) {
  const { message } = App.useApp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (answer) => {
      message.success(answer.message);
      onDone?.(answer.data);
    },
    onError: (err: Error) => {
      message.error(err.message);
    },
    onSettled: () => Promise.all(refresh.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
