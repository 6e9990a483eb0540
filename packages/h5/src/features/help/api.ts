import { useQuery } from '@tanstack/react-query';
import { request } from '../../shared/api/client';

export interface Article {
  type: number;
  title: string;
  content: string;
}

export function useArticle(type: number) {
  return useQuery({
    queryKey: ['article', type],
    queryFn: () => request<Article>('article', { body: { type } }),
    enabled: Number.isInteger(type) && type > 0,
    staleTime: 60_000,
  });
}
