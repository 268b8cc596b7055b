import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@streethunt/shared';
import { apiRequest } from './client.ts';

export function usePublicConfig() {
  return useQuery<PublicConfig>({
    queryKey: ['public-config'],
    queryFn: () => apiRequest<PublicConfig>('/api/public-config'),
    staleTime: Infinity,
    retry: 1,
  });
}
