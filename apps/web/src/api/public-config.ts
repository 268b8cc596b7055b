import { useQuery } from '@tanstack/react-query';
import { DEFAULT_VAT_PERCENT, type PublicConfig } from '@streethunt/shared';
import { apiRequest } from './client.ts';

export function usePublicConfig() {
  return useQuery<PublicConfig>({
    queryKey: ['public-config'],
    queryFn: () => apiRequest<PublicConfig>('/api/public-config'),
    staleTime: Infinity,
    retry: 1,
  });
}

/** The VAT rate prices are split with: the server's (GET /api/public-config), the shared default until it answers. */
export function vatPercentOf(config: PublicConfig | undefined): number {
  return config?.vatPercent ?? DEFAULT_VAT_PERCENT;
}

export function useVatPercent(): number {
  return vatPercentOf(usePublicConfig().data);
}
