import type { Config } from '../../config.ts';
import { createGrowProvider, type GrowProvider } from './grow.ts';
import { PaymentProviderError } from './provider.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox.ts';
import { createStripeProvider, type StripeProvider } from './stripe.ts';

export { PaymentProviderError };

/** Each provider with its own extras (the real ones read notifications), told apart by `name`. */
export type AnyPaymentProvider = SandboxProvider | StripeProvider | GrowProvider;

/** The provider PAYMENT_PROVIDER names, with the settings loadConfig required for it. */
export function createPaymentProvider(config: Pick<Config, 'paymentProvider' | 'publicUrl' | 'stripe' | 'grow'>): AnyPaymentProvider {
  switch (config.paymentProvider) {
    case 'sandbox':
      return createSandboxProvider({ publicUrl: config.publicUrl });
    case 'stripe':
      if (!config.stripe) throw new PaymentProviderError('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
      return createStripeProvider(config.stripe);
    case 'grow':
      if (!config.grow) throw new PaymentProviderError('PAYMENT_PROVIDER=grow needs GROW_USER_ID and GROW_PAGE_CODE');
      return createGrowProvider({ ...config.grow, publicUrl: config.publicUrl });
  }
}
