import { useQuery } from '@tanstack/react-query';
import { publicConfigSchema, type PublicConfig } from '@streethunt/shared';
import { apiRequest } from './client.ts';

export function usePublicConfig() {
  return useQuery<PublicConfig>({
    queryKey: ['public-config'],
    queryFn: () => apiRequest('/api/public-config', { schema: publicConfigSchema }),
    staleTime: Infinity,
    retry: 1,
  });
}
